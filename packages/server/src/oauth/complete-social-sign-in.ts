/**
 * @module The session at the end of a social sign-in, under the rules password sign-in follows:
 *
 * - The per-account throttle: while strangers' wrong passwords hold the account locked, a social
 *   sign-in is refused too (429), except from a browser holding the account's device cookie,
 *   which is throttled on its own count as for a password. A sign-in that gets through counts as
 *   a success (the consecutive failures are forgotten) and gives the browser a device cookie.
 *   A new user has no lock to respect.
 * - The e-mail verification requirement: an unverified user gets no session, and a new link
 *   (unless sign-up just sent one): `email_not_verified` (403 `Email not verified` for id_token).
 * - Bans, and whatever else a plugin refuses, through `createSession`'s hooks: the AuthError
 *   they throw reaches the caller.
 */
import type { User } from '../db/records';
import { AuthError, ERRORS } from '../errors';
import type { RequestCookies } from '../http/cookies';
import { deviceSignInThrottle, signInThrottle, type SignInThrottle } from '../http/sign-in-throttle';
import { createSession, type SessionOrigin } from '../session/create-session';
import type { CurrentSession } from '../session/current-session';
import { readDeviceCookie, setDeviceCookie } from '../session/device-cookie';
import { sendVerificationMail } from '../verification/send-verification-mail';
import { requestLanguage } from '../i18n/request-language';
import { CALLBACK_ERRORS, fail, succeed, type Outcome, type SignInRefusal } from './callback-errors';
import type { ResolvedUser } from './resolve-social-user';

export interface SocialSignInOrigin extends SessionOrigin {
  requestCookies: RequestCookies;
}

function throttleOf(origin: SocialSignInOrigin, user: User): SignInThrottle {
  const device = readDeviceCookie(origin.auth, origin.requestCookies);
  return device?.isFor(user.id)
    ? deviceSignInThrottle(origin.auth, device.nonce)
    : signInThrottle(origin.auth, `email:${user.email}`, user.id);
}

export async function completeSocialSignIn(
  origin: SocialSignInOrigin,
  { user, isNew, verificationSent }: ResolvedUser,
  { callbackURL }: { callbackURL?: string | undefined } = {},
): Promise<Outcome<CurrentSession, SignInRefusal>> {
  const { auth } = origin;
  const throttle = isNew ? null : throttleOf(origin, user);
  await throttle?.assertOpen();

  if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
    if (!verificationSent && auth.mailer) {
      try {
        await sendVerificationMail(auth, user, { callbackURL, language: requestLanguage(origin.headers) });
      } catch (err) {
        auth.logger.error({ err }, 'Could not send the verification mail after a social sign-in');
      }
    }
    return fail(CALLBACK_ERRORS.emailNotVerified);
  }

  await throttle?.succeeded();
  let current: CurrentSession;
  try {
    current = await createSession(origin, user);
  } catch (error) {
    if (error instanceof AuthError && error.entry === ERRORS.failedToCreateSession)
      return fail(CALLBACK_ERRORS.unableToCreateSession);
    throw error;
  }
  setDeviceCookie(auth, origin.cookies, user.id);
  return succeed(current);
}
