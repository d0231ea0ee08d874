/**
 * @module What plugins may use of the engine, and the only module they import it through: the
 * engine's internals can change without touching a plugin, and this list shows at a glance what
 * plugins depend on. The engine never imports this file's consumers.
 */
export type { AuthContext } from './context';
export type { User, Session } from './db/records';
export type { Migration } from './db/migrate';
export type { ColumnTypes } from './db/column-types';
export type { PasswordCredential } from './db/user-store';
export { isUniqueViolation } from './db/unique-violation';
export { lockedTransaction, type LockedRows, type RowLock } from './db/locked-transaction';
export { defineEndpoint, type AnyEndpoint, type Endpoint, type EndpointContext } from './endpoint';
export { AuthError, ERRORS, defineErrors, type ErrorEntry } from './errors';
export { signInThrottle, type SignInThrottle } from './http/sign-in-throttle';
export { DEFAULTS } from './options';
export {
  definePlugin,
  type ExtensibleEndpointId,
  type FieldDeclarations,
  type FieldType,
  type Plugin,
  type PluginHooks,
} from './plugin';
export { createSession, type SessionOrigin } from './session/create-session';
export { passwordSignIn, type PasswordSignInRequest, type PasswordSignInResult } from './session/password-sign-in';
export { passwordField, redirectUrl } from './validation/fields';
export { afterUserCreated } from './plugin-hooks';
export { readCurrentSession, toSessionResponse, type CurrentSession } from './session/current-session';
export { clearSessionCookies, cookieNames, setSessionTokenCookie, setCookieCache } from './session/session-cookies';
export { nameForMail, renderMail, type MailContent } from './mail/templates';
export type { MailMessage } from './mail/mailer';
export { hashPassword } from './crypto/password';
export { sha256Hex } from './crypto/digest';
export { signValue, unsignValue } from './crypto/hmac';
export { randomString } from './crypto/random';
export { normalizeEmail } from './validation/email';
export { checkPasswordLength } from './validation/password-policy';
export { emailField, imageField, nameField } from './validation/fields';
export { pluginUserInput } from './plugin-hooks';
export { toUser } from './db/user-store';
export type { ResponseCookies } from './http/cookies';
export { permissionRequestBody } from './validation/permission-request';
