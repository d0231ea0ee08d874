/**
 * @module Signing in with a password, whatever identifies the account (an e-mail, a username):
 * the per-account throttle (or, for a browser holding the account's device cookie, the device's
 * own), the password checked or the same Argon2 work spent on a dummy, one answer for an unknown
 * account and a wrong password, the upgrade of old hashes; then `finishSignIn` (the e-mail
 * verification requirement, the second step, the session and device cookie). Routes only parse
 * their identifier and look it up.
 */
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../crypto/password';
import type { User } from '../db/records';
import type { PasswordCredential } from '../db/user-store';
import { emitEvent, errorCodeOf } from '../events/emit-event';
import { AuthError, type ErrorEntry } from '../endpoint/errors';
import { deviceSignInThrottle, emitLockout, signInThrottle } from './account-lockout';
import { userGoneAs } from '../session/create-session';
import { readDeviceCookie } from './device-cookie';
import { finishSignIn, type SignInOrigin } from './finish-sign-in';

export type PasswordSignInOrigin = SignInOrigin;

export interface PasswordSignInRequest {
  /**
   * The lookup (`users.findWithPasswordBy`), run only once the identifier's throttle is open: a
   * locked identifier costs no database read.
   */
  find(): Promise<PasswordCredential | null>;
  /** The identifier as looked up (`email:…`, `username:…`), so an unknown one is throttled alike. */
  throttleKey: string;
  /** Answered for an unknown account, a wrong password and an account without one alike. */
  failure: ErrorEntry;
  /** The sign-in method its events name: `email`, `username`. */
  method: string;
  /** The request body's fields, named alike by every password sign-in route. */
  body: { password: string; rememberMe?: boolean | undefined; callbackURL?: string | undefined };
}

/**
 * A sign-in answered with a session. When a plugin intercepts the sign-in (`interceptSignIn`, a
 * second step), its answer is returned instead, yet typed as this: better-auth types its sign-in
 * routes the same way, the client plugin reading the other answer (`twoFactorRedirect`).
 */
export interface PasswordSignInResult {
  redirect: boolean;
  token: string;
  url: string | undefined;
  user: User;
}

/** The sign-in, or why an attempt failed (its error code, told to the observers). */
export async function passwordSignIn(
  origin: PasswordSignInOrigin,
  request: PasswordSignInRequest,
): Promise<PasswordSignInResult> {
  const attempt: { userId: string | null } = { userId: null };
  try {
    const user = await checkPassword(origin, request, attempt);
    const outcome = await finishSignIn(origin, {
      user,
      method: request.method,
      dontRemember: request.body.rememberMe === false,
      callbackURL: request.body.callbackURL,
    }).catch(userGoneAs(request.failure));
    // Held for the second step: the plugin that holds it tells when the sign-in completes.
    if (outcome.status === 'second-step') return outcome.answer as unknown as PasswordSignInResult;
    return {
      redirect: request.body.callbackURL !== undefined,
      token: outcome.current.token,
      url: request.body.callbackURL,
      user: outcome.current.user,
    };
  } catch (error) {
    emitEvent(origin, 'sign-in', {
      outcome: 'failure',
      method: request.method,
      userId: attempt.userId,
      detail: { code: errorCodeOf(error) },
    });
    throw error;
  }
}

/** The account whose password this is, its old hash upgraded; else the request's failure. */
async function checkPassword(
  origin: PasswordSignInOrigin,
  request: PasswordSignInRequest,
  attempt: { userId: string | null },
): Promise<User> {
  const { auth } = origin;
  const device = readDeviceCookie(auth, origin.requestCookies);
  // A browser with a genuine device cookie may be the owner's, whom the identifier's lock must not
  // keep out: whether the cookie is for this account is known only after the lookup.
  if (!device) await signInThrottle(auth, request.throttleKey).assertOpen();
  const found = await request.find();
  // The account an attempt was on, for its event: the account's owner sees failures on it.
  attempt.userId = found?.user.id ?? null;
  // The account's lock too, before any verification: guesses through its other identifiers (its
  // e-mail, its username) count against it. An unknown identifier has only its own count, which
  // runs exactly as a known one's does when that one alone is typed. The owner's browser has its
  // own count instead, which strangers cannot fill and which does not add to theirs.
  const throttle =
    device && found && device.isFor(found.user.id)
      ? deviceSignInThrottle(auth, device.nonce)
      : signInThrottle(auth, request.throttleKey, found?.user.id);
  await throttle.assertOpen();
  const passwordHash = found?.passwordHash;
  const valid = passwordHash
    ? await verifyPassword(passwordHash, request.body.password)
    : await verifyAgainstDummy(request.body.password);
  if (!found || !passwordHash || !valid) {
    emitLockout(origin, await throttle.failed(), { method: request.method, userId: attempt.userId });
    throw new AuthError(request.failure);
  }
  await throttle.succeeded();

  if (needsRehash(passwordHash) && found.accountId) {
    await auth.accounts.updatePassword(found.accountId, await hashPassword(request.body.password), auth.now());
  }
  return found.user;
}
