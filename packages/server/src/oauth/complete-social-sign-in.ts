/**
 * @module The end of a social sign-in (the OAuth callback, an id_token), under the rules password
 * sign-in follows:
 *
 * - The per-account throttle: while strangers' wrong passwords hold the account locked, a social
 *   sign-in is refused too (429), except from a browser holding the account's device cookie,
 *   which is throttled on its own count as for a password. A sign-in that gets through counts as
 *   a success (the consecutive failures are forgotten). A new user has no lock to respect.
 * - Then `finishSignIn`, as every sign-in: the e-mail verification requirement (an unverified
 *   user gets a new link, unless sign-up just sent one: `email_not_verified`), the second step for
 *   a user with two-factor on (a provider account is one factor, like a password), bans, the
 *   session and the device cookie.
 */
import type { User } from '../db/records';
import { AuthError, ERRORS } from '../endpoint/errors';
import { deviceSignInThrottle, signInThrottle, type SignInThrottle } from '../sign-in/account-lockout';
import { readDeviceCookie } from '../sign-in/device-cookie';
import { finishSignIn, type SignInOrigin, type SignInOutcome } from '../sign-in/finish-sign-in';
import { CALLBACK_ERRORS, fail, succeed, type Outcome, type SignInRefusal } from './callback-errors';
import type { ResolvedUser } from './resolve-social-user';
import { emitSocialSignUp, socialMethod } from './social-events';

function throttleOf(origin: SignInOrigin, user: User): SignInThrottle {
  const device = readDeviceCookie(origin.auth, origin.requestCookies);
  return device?.isFor(user.id)
    ? deviceSignInThrottle(origin.auth, device.nonce)
    : signInThrottle(origin.auth, `email:${user.email}`, user.id);
}

export async function completeSocialSignIn(
  origin: SignInOrigin,
  { user, isNew, verificationSent }: ResolvedUser,
  { providerId, callbackURL }: { providerId: string; callbackURL?: string | undefined },
): Promise<Outcome<SignInOutcome, SignInRefusal>> {
  const throttle = isNew ? null : throttleOf(origin, user);
  await throttle?.assertOpen();
  if (isNew) emitSocialSignUp(origin, providerId, user);
  try {
    const outcome = await finishSignIn(origin, {
      user,
      method: socialMethod(providerId),
      callbackURL,
      verificationSent,
    });
    await throttle?.succeeded();
    return succeed(outcome);
  } catch (error) {
    if (error instanceof AuthError && error.entry === ERRORS.emailNotVerified)
      return fail(CALLBACK_ERRORS.emailNotVerified);
    if (error instanceof AuthError && error.entry === ERRORS.failedToCreateSession)
      return fail(CALLBACK_ERRORS.unableToCreateSession);
    throw error;
  }
}
