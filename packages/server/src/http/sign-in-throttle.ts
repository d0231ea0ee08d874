/**
 * @module Throttling of password guesses per account, whatever the client address: after
 * `accountLockoutThreshold` consecutive failures the account is locked for an interval that
 * doubles with each further failure (capped), and no more than `accountDailyFailureLimit` failures
 * a day are ever evaluated.
 *
 * Failures are counted under the identifier typed (`email:…`, `username:…`), so an unknown
 * account is throttled exactly like a known one typed the same way and the 429 reveals nothing;
 * and, once the identifier names an account, under the account too (`user:<id>`), so guesses
 * through its e-mail and through its username add up to one count and one lock.
 *
 * A burst of parallel guesses can pass the lock check before the lock exists. Once the lock
 * appears, every answer still in flight is 429, right password or wrong, so such a burst learns
 * nothing beyond the first failures.
 */
import type { AuthContext } from '../context';
import { DEFAULTS } from '../options';
import { tooManyRequests } from './rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignInThrottle {
  /** Throws 429 while the identifier or the account is locked. */
  assertOpen(): Promise<void>;
  /** After a correct password: the caller may proceed unless a parallel failure locked the account. */
  succeeded(): Promise<void>;
  /** After a wrong password: throws 429 if the account was locked meanwhile, else returns for the 401. */
  failed(): Promise<void>;
}

function lockDurationMs(failures: number): number {
  const doublings = Math.min(failures - DEFAULTS.accountLockoutThreshold, 30);
  return Math.min(DEFAULTS.accountLockoutBaseSeconds * 2 ** doublings, DEFAULTS.accountLockoutMaxSeconds) * 1000;
}

/**
 * The throttle of `identifier` and, when given, of the account `userId` it names: both locks are
 * checked, both counts take each failure, and a success clears both.
 */
export function signInThrottle(auth: AuthContext, identifier: string, userId?: string): SignInThrottle {
  const keys = userId === undefined ? [identifier] : [identifier, `user:${userId}`];
  const now = () => auth.now().getTime();

  async function lockedUntil(): Promise<number> {
    const locks = await Promise.all(keys.map((key) => auth.kv.get(`lock:${key}`, now())));
    return Math.max(0, ...locks.map((until) => Number(until ?? 0)));
  }

  async function throwIfLocked(): Promise<void> {
    const until = await lockedUntil();
    if (until > now()) throw tooManyRequests(until - now());
  }

  async function countFailure(key: string): Promise<void> {
    const { count, resetAt } = await auth.kv.increment(`fail:${key}`, DAY_MS, now());
    if (count >= DEFAULTS.accountDailyFailureLimit) {
      await auth.kv.set(`lock:${key}`, String(resetAt), resetAt - now(), now());
    } else if (count >= DEFAULTS.accountLockoutThreshold) {
      const duration = lockDurationMs(count);
      await auth.kv.set(`lock:${key}`, String(now() + duration), duration, now());
    }
  }

  return {
    assertOpen: throwIfLocked,

    async succeeded() {
      await throwIfLocked();
      await Promise.all(keys.flatMap((key) => [auth.kv.delete(`fail:${key}`), auth.kv.delete(`lock:${key}`)]));
    },

    async failed() {
      const wasLocked = (await lockedUntil()) > now();
      await Promise.all(keys.map(countFailure));
      if (wasLocked) await throwIfLocked();
    },
  };
}
