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
 * A browser holding a device cookie of the account (session/device-cookie.ts) is throttled
 * instead under its own key (`device:<nonce>`), with a smaller budget: strangers' guesses cannot
 * lock the owner's browser out, and its failures neither count toward nor lift the account's lock.
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
  /** Throws 429 while the identifier or the account (or the device) is locked. */
  assertOpen(): Promise<void>;
  /** After a correct password: the caller may proceed unless a parallel failure locked it. */
  succeeded(): Promise<void>;
  /** After a wrong password: throws 429 if it was locked meanwhile, else returns for the 401. */
  failed(): Promise<void>;
}

interface Budget {
  /** Consecutive failures before the first lock. */
  threshold: number;
  /** Failures a day beyond which none is evaluated until the day is over. */
  dailyLimit: number;
}

const ACCOUNT: Budget = { threshold: DEFAULTS.accountLockoutThreshold, dailyLimit: DEFAULTS.accountDailyFailureLimit };
const DEVICE: Budget = { threshold: DEFAULTS.deviceLockoutThreshold, dailyLimit: DEFAULTS.deviceDailyFailureLimit };

function lockDurationMs(budget: Budget, failures: number): number {
  const doublings = Math.min(failures - budget.threshold, 30);
  return Math.min(DEFAULTS.accountLockoutBaseSeconds * 2 ** doublings, DEFAULTS.accountLockoutMaxSeconds) * 1000;
}

/**
 * The throttle of `identifier` and, when given, of the account `userId` it names: both locks are
 * checked, both counts take each failure, and a success clears both.
 */
export function signInThrottle(auth: AuthContext, identifier: string, userId?: string): SignInThrottle {
  return throttle(auth, userId === undefined ? [identifier] : [identifier, `user:${userId}`], ACCOUNT);
}

/** The throttle of one trusted browser, named by its device cookie's nonce, in place of the account's. */
export function deviceSignInThrottle(auth: AuthContext, nonce: string): SignInThrottle {
  return throttle(auth, [`device:${nonce}`], DEVICE);
}

function throttle(auth: AuthContext, keys: readonly string[], budget: Budget): SignInThrottle {
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
    if (count >= budget.dailyLimit) {
      await auth.kv.set(`lock:${key}`, String(resetAt), resetAt - now(), now());
    } else if (count >= budget.threshold) {
      const duration = lockDurationMs(budget, count);
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
