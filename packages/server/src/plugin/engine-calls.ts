/**
 * @module The engine's functions a plugin calls that use more of its context than the host shows
 * (plugin-host.ts): the event sink and the hooks, the session, token and user stores' writes, the
 * cipher. Each is the engine's function itself, typed to take the host (`hosted`), so the engine
 * keeps doing what must go with the call and a plugin still never holds what it uses.
 */
import {
  afterUserCreated as engineAfterUserCreated,
  checkCredentialChange as engineCheckCredentialChange,
  pluginUserInput as enginePluginUserInput,
  sessionHasPermission as engineSessionHasPermission,
  keepsOrganizations as engineKeepsOrganizations,
  userOrganizations as engineUserOrganizations,
} from './run-hooks';
import { removeUserRow as engineRemoveUser } from './host';
import { emitEvent as engineEmitEvent, type EventOrigin as EngineEventOrigin } from '../events/emit-event';
import { sendMail as engineSendMail } from '../mail/send-mail';
import { createSession as engineCreateSession } from '../session/create-session';
import { readCurrentSession as engineReadCurrentSession } from '../session/current-session';
import * as stashed from '../session/stashed-session';
import type { SessionScope as EngineSessionScope } from '../session/update-current-session';
import {
  finishSignIn as engineFinishSignIn,
  type SignInOrigin,
  type SignInOutcome,
  type SignInRequest,
} from '../sign-in/finish-sign-in';
import { emitLockout as engineEmitLockout } from '../sign-in/account-lockout';
import { passwordSignIn as enginePasswordSignIn } from '../sign-in/password-sign-in';
import * as cookieToken from '../verification/cookie-token';
import { sendVerificationMail as engineSendVerificationMail } from '../email-verification/send-verification-mail';
import { issuePasswordSetupLink as engineIssuePasswordSetupLink } from '../password-reset/password-setup-link';
import { hosted, type Hosted } from './engine-context';

export { errorCodeOf } from '../events/emit-event';
export { mintCookieToken } from '../verification/cookie-token';

/** Where an event comes from: the host and the request's headers and address. */
export type EventOrigin = Hosted<EngineEventOrigin>;
/** The signed-in caller: the host, its session and the response's cookies. */
export type SessionScope = Hosted<EngineSessionScope>;
/** The request and response cookies of a one-time token, with the host. */
export type CookieScope = Hosted<cookieToken.CookieScope>;

export const emitEvent = hosted(engineEmitEvent);
export const emitLockout = hosted(engineEmitLockout);
export const afterUserCreated = hosted(engineAfterUserCreated);
export const checkCredentialChange = hosted(engineCheckCredentialChange);
export const pluginUserInput = hosted(enginePluginUserInput);
export const sessionHasPermission = hosted(engineSessionHasPermission);
export const keepsOrganizations = hosted(engineKeepsOrganizations);
export const userOrganizations = hosted(engineUserOrganizations);
export const sendMail = hosted(engineSendMail);
export const sendVerificationMail = hosted(engineSendVerificationMail);
export const issuePasswordSetupLink = hosted(engineIssuePasswordSetupLink);
export const createSession = hosted(engineCreateSession);
export const readCurrentSession = hosted(engineReadCurrentSession);
export const passwordSignIn = hosted(enginePasswordSignIn);
/** Account deletion without the caller's cookies: the admin's remove-user (plugin/host.ts). */
export const removeUser = hosted(engineRemoveUser);
export const stashSession = hosted(stashed.stashSession);
export const readStashedSession = hosted(stashed.readStashedSession);
export const resumeStashedSession = hosted(stashed.resumeStashedSession);
export const issueCookieToken = hosted(cookieToken.issueCookieToken);
export const sendCookieToken = hosted(cookieToken.sendCookieToken);
export const hasCookieToken = hosted(cookieToken.hasCookieToken);
export const readCookieTokenKey = hosted(cookieToken.readCookieTokenKey);
export const findCookieToken = hosted(cookieToken.findCookieToken);
export const clearCookieToken = hosted(cookieToken.clearCookieToken);

/** Overloaded in the engine (a proven second factor is never held again), so typed by hand. */
export const finishSignIn = engineFinishSignIn as {
  (
    origin: Hosted<SignInOrigin>,
    request: SignInRequest & { secondFactor: true },
  ): Promise<Extract<SignInOutcome, { status: 'signed-in' }>>;
  (origin: Hosted<SignInOrigin>, request: SignInRequest): Promise<SignInOutcome>;
};
