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
 * A browser holding a device cookie of the account (sign-in/device-cookie.ts) is throttled
 * instead under its own key (`device:<nonce>`), with a smaller budget: strangers' guesses cannot
 * lock the owner's browser out, and its failures neither count toward nor lift the account's lock.
 *
 * Each failure's count and the lock it implies are one atomic step of the store (memory or Redis),
 * so parallel failures always leave the lock the last of them implies. A burst of parallel guesses
 * can still pass the lock check before the lock exists; once the lock appears, every answer still
 * in flight is 429, right password or wrong, so such a burst learns nothing beyond the first
 * failures.
 */
import type { AuthContext } from '../auth/context';
import { emitEvent, type EventOrigin } from '../events/emit-event';
import { DEFAULTS } from '../auth/options';
import type { KeyValueStore, LockoutRule } from '../storage/key-value-store';
import { tooManyRequests } from '../http/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignInThrottle {
  /** Throws 429 while the identifier or the account (or the device) is locked. */
  assertOpen(): Promise<void>;
  /** After a correct password: the caller may proceed unless a parallel failure locked it. */
  succeeded(): Promise<void>;
  /**
   * After a wrong password: throws 429 if it was locked meanwhile, else returns for the 401 the
   * end of the lock this very failure started (epoch milliseconds), or 0: the lockout's event.
   */
  failed(): Promise<number>;
}

const LOCK = {
  windowMs: DAY_MS,
  baseLockMs: DEFAULTS.accountLockoutBaseSeconds * 1000,
  maxLockMs: DEFAULTS.accountLockoutMaxSeconds * 1000,
};

/** Consecutive failures before the first lock, and failures a day beyond which none is evaluated. */
const ACCOUNT: LockoutRule = {
  ...LOCK,
  threshold: DEFAULTS.accountLockoutThreshold,
  limit: DEFAULTS.accountDailyFailureLimit,
};
const DEVICE: LockoutRule = {
  ...LOCK,
  threshold: DEFAULTS.deviceLockoutThreshold,
  limit: DEFAULTS.deviceDailyFailureLimit,
};

/** What a throttle uses of the context: the clock and the failure counters (a plugin's host has both). */
export type LockoutStore = Pick<AuthContext, 'now'> & {
  readonly kv: Pick<KeyValueStore, 'lockedUntil' | 'clearFailures' | 'recordFailure'>;
};

/**
 * The throttle of `identifier` and, when given, of the account `userId` it names: both locks are
 * checked, both counts take each failure, and a success clears both.
 */
export function signInThrottle(auth: LockoutStore, identifier: string, userId?: string): SignInThrottle {
  return throttle(auth, userId === undefined ? [identifier] : [identifier, `user:${userId}`], ACCOUNT);
}

/** The throttle of one trusted browser, named by its device cookie's nonce, in place of the account's. */
export function deviceSignInThrottle(auth: LockoutStore, nonce: string): SignInThrottle {
  return throttle(auth, [`device:${nonce}`], DEVICE);
}

function throttle(auth: LockoutStore, keys: readonly string[], rule: LockoutRule): SignInThrottle {
  const now = () => auth.now().getTime();

  function throwIfLocked(until: number, at: number): void {
    if (until > at) throw tooManyRequests(until - at);
  }

  return {
    async assertOpen() {
      const at = now();
      throwIfLocked(await auth.kv.lockedUntil(keys, at), at);
    },

    async succeeded() {
      // One step of the store: a failure in parallel either locks before it (429) or counts after.
      const at = now();
      throwIfLocked(await auth.kv.clearFailures(keys, at), at);
    },

    async failed() {
      const at = now();
      const wasLocked = (await auth.kv.lockedUntil(keys, at)) > at;
      // Each count and the lock it implies are one step of the store, so parallel failures leave
      // the lock of the last of them, never an earlier one written late.
      const counts = await Promise.all(keys.map((key) => auth.kv.recordFailure(key, rule, now())));
      if (wasLocked) throwIfLocked(await auth.kv.lockedUntil(keys, now()), now());
      return Math.max(0, ...counts.map((count) => count.lockedUntil).filter((until) => until > at));
    },
  };
}

/** The 'sign-in-locked' event of a failure that started a lock (`failed()`'s answer), if it did. */
export function emitLockout(
  origin: EventOrigin,
  lockedUntil: number,
  fields: { method: string; userId: string | null },
): void {
  if (lockedUntil <= 0) return;
  emitEvent(origin, 'sign-in-locked', {
    ...fields,
    outcome: 'failure',
    detail: { lockedSeconds: Math.ceil((lockedUntil - origin.auth.now().getTime()) / 1000) },
  });
}
