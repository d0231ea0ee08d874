/**
 * @module What plugins may use of the engine, and the only module they import it through (the lint
 * rule in eslint.config.js holds every plugin folder to this file and to its own folder): the
 * engine's internals can change without touching a plugin, and this list shows at a glance what
 * plugins depend on. It holds only what some plugin uses. The engine never imports this file's
 * consumers.
 *
 * A plugin's endpoints (this module's `defineEndpoint`, `ctx.auth`) and hooks (`PluginHooks`) are
 * handed a `PluginHost` (plugin-host.ts): the engine's context object typed down to what a plugin
 * may use — the options, the clock, the logger, the mailer, background work, the declared fields,
 * reads of users, sessions, accounts and one-time tokens, the writes whose side effects the stores
 * carry (session deletions, a user created with its password, a password set), and the lockout
 * counters. Not the database handle, the revocations, the hooks, the event sink, the cipher, nor
 * the stores' raw updates of core rows. What needs those is the engine's to do, called here with
 * the host (engine-calls.ts: emitEvent, createSession, the cookie tokens, sendMail…; secrets.ts:
 * sealSecret/openSecret).
 *
 * Rows the core owns are written through the engine's operations (host.ts), reached through the
 * plugin's schema (schema.ts): a user through `updateUser` (with `within`, inside a guard's
 * transaction) or `updateCurrentUser`, a removal through `removeUser` (a deletion it must guard,
 * through the `guardUserDeletion` hook and `coreRowGuard`), other users' sessions through
 * `updateSessions`, the caller's session through `updateCurrentSession`; its own tables through its
 * schema's `db(host)`, typed. That db also types the core tables a plugin reads, so a lint rule
 * (eslint.config.js) refuses its writes to user, session and account.
 */
export type { PluginHost, PluginSignInAttempt } from './plugin-host';
export type { User, Session } from '../db/records';
export type { EndedSession } from '../db/session-store';
export type { Migration } from '../db/migrate';
export type { Logger } from '../auth/options';
export { definePluginSchema, type DatabaseOf } from './schema';
export { isUniqueViolation } from '../db/unique-violation';
export { lockedTransaction } from '../db/locked-transaction';
export { CREDENTIAL_FORM } from '../endpoint/define-endpoint';
export { defineEndpoint, type EndpointContext } from './plugin-endpoint';
export { AuthError, ERRORS, defineErrors, type ErrorEntry } from '../endpoint/errors';
export { DEFAULTS } from '../auth/options';
export { emitEvent, errorCodeOf, type EventOrigin } from './engine-calls';
export type { AuthEvent } from '../events/observer';
export type { AuthEventRegistry, DeclaredEvents } from './event-registry';
export {
  definePlugin,
  type ExpiringRows,
  type ExtensibleEndpointId,
  type FieldDeclarations,
  type FieldType,
  type OrganizationFacts,
  type OrganizationMembership,
  type Plugin,
  type PluginHooks,
  type SignInContinuation,
  type SignInRequest,
} from './define-plugin';
export { passwordField, redirectUrl } from '../validation/fields';
export { toSessionResponse, type CurrentSession } from '../session/current-session';
export { clearSessionCookies } from '../session/session-cookies';
export { nameForMail, renderMail } from '../mail/templates';
export { requestLanguage, type ServerLanguage } from '../i18n/request-language';
export { withLocations, type IpLocation } from '../ip-location/ip-location';
export type { MailMessage } from '../mail/mailer';
export { hashPassword } from '../crypto/password';
export { csvResponse, type CsvBatches, type CsvCell } from '../http/csv';
export { sha256Hex } from '../crypto/digest';
export { randomString } from '../crypto/random';
export { normalizeEmail } from '../validation/email';
export { checkPasswordLength } from '../validation/password-policy';
export { emailField, imageField, nameField } from '../validation/fields';
export { toUser } from '../db/user-store';
export {
  ipLocationResponse,
  isoDate,
  listedSessionResponse,
  permissionResponse,
  sessionResponse,
  sessionWithUserResponse,
  signInResponse,
  statusResponse,
  tokenUserResponse,
  userResponse,
} from '../endpoint/responses';
export { permissionRequestBody } from '../validation/permission-request';
export { signInThrottle } from '../sign-in/account-lockout';
export { openSecret, sealSecret } from './secrets';
export { verifyPassword } from '../crypto/password';
export type { RequestCookies, ResponseCookies } from '../http/cookies';
export type { RequestHeaders } from '../http/transport';
export { JsonAnswer } from '../http/transport';
export { USER_AGENT_MAX, userAgentOf } from '../http/user-agent';
export { isReservedAddress } from '../http/reserved-addresses';
// A guard's transaction the engine writes a core row in (the admin's last-admin guard).
export { coreRowGuard, type GuardedWrite } from './host';
// The engine's functions that need more of its context than the host shows, typed to take the host.
export {
  afterUserCreated,
  checkCredentialChange,
  clearCookieToken,
  createSession,
  emitLockout,
  findCookieToken,
  finishSignIn,
  hasCookieToken,
  issueCookieToken,
  mintCookieToken,
  passwordSignIn,
  pluginUserInput,
  readCookieTokenKey,
  readCurrentSession,
  readStashedSession,
  removeUser,
  resumeStashedSession,
  sendCookieToken,
  sendMail,
  sendVerificationMail,
  issuePasswordSetupLink,
  sessionHasPermission,
  keepsOrganizations,
  userOrganizations,
  stashSession,
  type CookieScope,
  type SessionScope,
} from './engine-calls';
