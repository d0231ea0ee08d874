/**
 * @module What the verify routes share. A code is checked either for the signed-in user (the
 * first code that turns two-factor on, or a re-check) or for a pending sign-in (the `two_factor`
 * cookie's challenge). A pending sign-in allows five codes (challenge.ts), and wrong codes count
 * toward the account's code lock (code-lock.ts: ten, across challenges). A pending sign-in that
 * passes takes its challenge (once) and gets its session, and the browser is trusted if asked.
 *
 * The password sign-in's throttle is not consulted here: a challenge is held only by whoever gave
 * the right password, so it has nothing left to guard, and strangers' wrong passwords fill it. Were
 * it checked, ten wrong passwords from anyone would refuse the owner's second step, even from the
 * browser whose device cookie let the password through (issue #29, item 8).
 */
import {
  AuthError,
  emitEvent,
  emitLockout,
  finishSignIn,
  errorCodeOf,
  readCurrentSession,
  signInThrottle,
  type PluginHost,
  type CurrentSession,
  type ErrorEntry,
  type RequestCookies,
  type RequestHeaders,
  type ResponseCookies,
  type User,
} from '../../plugin';
import { readChallenge, spendChallengeTry, takeChallenge, type Challenge } from './challenge';
import { codeLock } from './code-lock';
import type { ResolvedTwoFactorOptions } from './options';
import { trustDevice } from './trusted-device';

/** What the verify routes receive (an endpoint context without a session guard). */
export interface StepScope {
  readonly auth: PluginHost;
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

/** Whose code it is: the signed-in user's (`current` set), or a pending sign-in's (`challenge` set). */
export interface StepSubject {
  readonly user: User;
  readonly current: CurrentSession | null;
  readonly challenge: Challenge | null;
}

export async function stepSubject(scope: StepScope): Promise<StepSubject> {
  const current = await readCurrentSession(scope.auth, scope.requestCookies, scope.cookies);
  if (current) {
    // The row, not the cookie cache: it may predate two-factor being turned on.
    const user = (await scope.auth.users.findById(current.user.id)) ?? current.user;
    return { user, current, challenge: null };
  }
  const challenge = await readChallenge(scope);
  return { user: challenge.user, current: null, challenge };
}

/** What a mailed code is attached to: the pending sign-in, or the signed-in user. */
export function subjectKey(subject: StepSubject): string {
  return subject.challenge ? subject.challenge.key : `user-${subject.user.id}`;
}

/** The throttle's key of the account: the one password sign-ins of the account count under. */
function accountThrottle(auth: PluginHost, userId: string) {
  return signInThrottle(auth, `user:${userId}`);
}

/**
 * Runs `check` under the account's code lock and, for a pending sign-in, on one of its challenge's
 * tries: refused while the account is locked (even a right code: the lock is what stops guessing),
 * or once the challenge's tries are spent; a false answer counts toward the lock and throws `failure`.
 */
export async function checkUnderThrottle(
  scope: StepScope,
  subject: StepSubject,
  method: string,
  check: () => Promise<boolean>,
  failure: ErrorEntry,
): Promise<void> {
  const userId = subject.user.id;
  const lock = codeLock(scope.auth, userId);
  try {
    await lock.assertOpen();
    if (subject.challenge) await spendChallengeTry(scope, subject.challenge);
    if (!(await check())) {
      emitLockout(scope, await lock.failed(), { method, userId });
      throw new AuthError(failure);
    }
    await lock.succeeded();
  } catch (error) {
    if (subject.challenge) {
      emitEvent(scope, 'sign-in', { outcome: 'failure', method, userId, detail: { code: errorCodeOf(error) } });
    }
    throw error;
  }
}

/** Checks a password the way the sign-in does, under the account's throttle (enable, disable…). */
export async function assertPassword(
  scope: StepScope,
  user: User,
  password: string,
  verify: (hash: string, password: string) => Promise<boolean>,
  failure: ErrorEntry,
): Promise<void> {
  const throttle = accountThrottle(scope.auth, user.id);
  await throttle.assertOpen();
  const credential = await scope.auth.accounts.findCredential(user.id);
  if (!credential?.password || !(await verify(credential.password, password))) {
    emitLockout(scope, await throttle.failed(), { method: 'password', userId: user.id });
    throw new AuthError(failure);
  }
  await throttle.succeeded();
}

/**
 * The answer of a passed second step, better-auth's `{token, user}`: for a pending sign-in, its
 * challenge taken, a new session and, if asked, the trusted-device cookie.
 */
export async function finishStep(
  scope: StepScope,
  subject: StepSubject,
  method: string,
  { trust, options }: { trust: boolean | undefined; options: ResolvedTwoFactorOptions },
): Promise<{ token: string; user: User }> {
  const { challenge } = subject;
  if (!challenge) {
    // A signed-in user's check: the session stays, and a route that changed the user (two-factor
    // turned on) has already rewritten its cookie cache with the row (updateCurrentUser).
    return { token: subject.current?.token ?? '', user: subject.user };
  }
  await takeChallenge(scope, challenge);
  const { current } = await finishSignIn(scope, {
    user: challenge.user,
    method,
    dontRemember: challenge.dontRemember,
    secondFactor: true,
  });
  if (trust) await trustDevice(scope, challenge.user.id, options.trustDeviceMaxAge);
  return { token: current.token, user: current.user };
}
