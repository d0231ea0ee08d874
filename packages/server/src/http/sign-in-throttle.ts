/**
 * @module Throttling of password guesses per account, whatever the client address: after
 * `accountLockoutThreshold` consecutive failures the account is locked for an interval that
 * doubles with each further failure (capped), and no more than `accountDailyFailureLimit` failures
 * a day are ever evaluated. Keys are the identifier typed (e-mail or username), so an unknown
 * account is throttled exactly like a known one and the 429 reveals nothing.
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
  /** Throws 429 while the account is locked. */
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

export function signInThrottle(auth: AuthContext, identifier: string): SignInThrottle {
  const lockKey = `lock:${identifier}`;
  const failKey = `fail:${identifier}`;
  const now = () => auth.now().getTime();

  async function lockedUntil(): Promise<number> {
    return Number((await auth.kv.get(lockKey, now())) ?? 0);
  }

  async function throwIfLocked(): Promise<void> {
    const until = await lockedUntil();
    if (until > now()) throw tooManyRequests(until - now());
  }

  return {
    assertOpen: throwIfLocked,

    async succeeded() {
      await throwIfLocked();
      await Promise.all([auth.kv.delete(failKey), auth.kv.delete(lockKey)]);
    },

    async failed() {
      const wasLocked = (await lockedUntil()) > now();
      const { count, resetAt } = await auth.kv.increment(failKey, DAY_MS, now());
      if (count >= DEFAULTS.accountDailyFailureLimit) {
        await auth.kv.set(lockKey, String(resetAt), resetAt - now(), now());
      } else if (count >= DEFAULTS.accountLockoutThreshold) {
        const duration = lockDurationMs(count);
        await auth.kv.set(lockKey, String(now() + duration), duration, now());
      }
      if (wasLocked) await throwIfLocked();
    },
  };
}
