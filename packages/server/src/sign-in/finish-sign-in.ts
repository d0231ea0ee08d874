/**
 * @module The one end of every sign-in, whatever checked the first factor (a password, a provider,
 * an id_token, a passkey, a mailed verification link, the second step, and the ways to come).
 * Before it, the caller has proven who the user is and counted the attempt against the account's
 * throttle; here the rules that must hold for all of them alike are applied, in this order:
 *
 * 1. The e-mail verification requirement: an unverified user gets no session, but a new link.
 * 2. The plugins' refusal of a session (a ban), before the second step: a banned user is told so
 *    at the first step, as better-auth's session hook tells it, and is never given a challenge (nor
 *    a mailed code) for a session it cannot have. `createSession` asks again, for the ways in that
 *    skip the second-factor rule and for a ban set while the second step was pending.
 * 3. The second-factor rule: a user with two-factor on gets no session until the second step,
 *    unless the sign-in already carried a second factor (the second step itself, a passkey with
 *    user verification). Plugins decide through `interceptSignIn`: the two-factor plugin answers
 *    with its challenge (a trusted browser goes on). Four routes used to assemble this each on its
 *    own; the verification link and social sign-in skipped the rule, which let a stolen mailbox or
 *    a provider account stand in for the second factor.
 * 4. The session and its cookies (`createSession`).
 * 5. The device cookie: the browser that completed a sign-in is the owner's, so strangers' wrong
 *    passwords cannot lock it out (device-cookie.ts). Issued on every completed sign-in, the
 *    second step's included, else a two-factor user would never hold one.
 * 6. The `sign-in` event.
 */
import type { User } from '../db/records';
import { emitEvent } from '../events/emit-event';
import { AuthError, ERRORS } from '../endpoint/errors';
import type { RequestCookies } from '../http/cookies';
import { requestLanguage } from '../i18n/request-language';
import { beforeCreateSession, interceptSignIn } from '../plugin/run-hooks';
import { sendVerificationMail } from '../email-verification/send-verification-mail';
import { createSession, type SessionOrigin } from '../session/create-session';
import type { CurrentSession } from '../session/current-session';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';

export interface SignInOrigin extends SessionOrigin {
  /** Read by the second-factor rule (a trusted browser's cookie). */
  requestCookies: RequestCookies;
}

export interface SignInRequest {
  user: User;
  /** The sign-in method its event names: `email`, `username`, `social:github`, `passkey`, `totp`… */
  method: string;
  /** Whether the user unticked "remember me". */
  dontRemember?: boolean;
  /**
   * The sign-in itself proved a second factor: the second step, or a passkey whose authenticator
   * verified the user (something held and something known or been). Nothing else may set it.
   */
  secondFactor?: boolean;
  /** Where the verification mail's link leads, when the address must be verified first. */
  callbackURL?: string | undefined;
  /** A verification mail went out with this very request (a sign-up): no second one. */
  verificationSent?: boolean;
}

/**
 * A session, or the answer a plugin gives in its stead: better-auth's
 * `{twoFactorRedirect: true, twoFactorMethods}`, with the challenge's cookie set.
 */
export type SignInOutcome =
  | { readonly status: 'signed-in'; readonly current: CurrentSession }
  | { readonly status: 'second-step'; readonly answer: Record<string, unknown> };

type SignedIn = Extract<SignInOutcome, { status: 'signed-in' }>;

/** With its second factor proven, a sign-in is never held again. */
export async function finishSignIn(
  origin: SignInOrigin,
  request: SignInRequest & { secondFactor: true },
): Promise<SignedIn>;
export async function finishSignIn(origin: SignInOrigin, request: SignInRequest): Promise<SignInOutcome>;
export async function finishSignIn(origin: SignInOrigin, request: SignInRequest): Promise<SignInOutcome> {
  const { auth } = origin;
  const { user, method } = request;
  const dontRemember = request.dontRemember === true;

  if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
    if (!request.verificationSent && auth.mailer) {
      try {
        await sendVerificationMail(auth, user, {
          callbackURL: request.callbackURL,
          language: requestLanguage(origin.headers),
        });
      } catch (err) {
        auth.logger.error({ err }, 'Could not send the verification mail after a sign-in');
      }
    }
    throw new AuthError(ERRORS.emailNotVerified);
  }

  if (!request.secondFactor) {
    await beforeCreateSession(auth, user);
    const answer = await interceptSignIn({ ...origin, user, method, dontRemember });
    if (answer) return { status: 'second-step', answer };
  }

  // Read before it is replaced: a browser without this account's device cookie is a new one, which
  // the event says (`detail.newDevice`) for those who tell the user (the security-notice plugin).
  const newDevice = readDeviceCookie(auth, origin.requestCookies)?.isFor(user.id) !== true;
  const current = await createSession(origin, user, { dontRemember });
  setDeviceCookie(auth, origin.cookies, user.id);
  emitEvent(origin, 'sign-in', { method, userId: user.id, actorUserId: user.id, detail: { newDevice } });
  return { status: 'signed-in', current };
}

/**
 * A held sign-in told to a redirect flow (the provider's callback, the verification link) in the
 * target's query: `twoFactorRedirect=true`, and the offered methods comma-joined.
 */
export function secondStepQuery(answer: Record<string, unknown>): Record<string, string> {
  const methods = Array.isArray(answer.twoFactorMethods) ? answer.twoFactorMethods.map(String) : [];
  return { twoFactorRedirect: 'true', twoFactorMethods: methods.join(',') };
}
