/**
 * @module The account's lock on wrong second-factor codes (better-auth's accountLockout): after
 * ten consecutive wrong codes, across pending sign-ins and kinds of code (TOTP, backup, mailed), the
 * account's second step is refused with 429 ACCOUNT_TEMPORARILY_LOCKED for fifteen minutes, even
 * for the right code, and each further wrong code locks it again for twice as long (up to the
 * sign-in lock's hour; no more than the sign-in's daily failures are ever evaluated). A challenge's
 * five tries alone would let whoever knows the password ask for new challenges without end.
 *
 * Counted in the engine's key-value store (memory, or Redis shared by instances) as password
 * failures are, each failure and the lock it implies in one atomic step, under its own key
 * `two-factor:<userId>`: only someone who knows the password reaches the second step, so the
 * password guesses of strangers neither fill this count nor are lifted by a right code.
 */
import { AuthError, DEFAULTS, type PluginHost } from '../../plugin';
import { TWO_FACTOR_ERRORS } from './errors';
import { TWO_FACTOR_DEFAULTS } from './options';

const DAY_MS = 24 * 60 * 60 * 1000;

const RULE = {
  windowMs: DAY_MS,
  threshold: TWO_FACTOR_DEFAULTS.lockoutThreshold,
  baseLockMs: TWO_FACTOR_DEFAULTS.lockoutSeconds * 1000,
  maxLockMs: Math.max(TWO_FACTOR_DEFAULTS.lockoutSeconds, DEFAULTS.accountLockoutMaxSeconds) * 1000,
  limit: DEFAULTS.accountDailyFailureLimit,
};

export interface CodeLock {
  /** Throws ACCOUNT_TEMPORARILY_LOCKED while the account's second step is locked. */
  assertOpen(): Promise<void>;
  /** After a right code: the count starts over, unless a parallel failure locked it meanwhile. */
  succeeded(): Promise<void>;
  /** After a wrong code: the end of the lock this failure started (epoch milliseconds), or 0. */
  failed(): Promise<number>;
}

function locked(until: number, at: number): AuthError {
  return new AuthError(TWO_FACTOR_ERRORS.accountTemporarilyLocked, {
    headers: { 'X-Retry-After': String(Math.max(1, Math.ceil((until - at) / 1000))) },
  });
}

export function codeLock(auth: PluginHost, userId: string): CodeLock {
  const keys = [`two-factor:${userId}`] as const;
  const now = () => auth.now().getTime();
  return {
    async assertOpen() {
      const at = now();
      const until = await auth.kv.lockedUntil(keys, at);
      if (until > at) throw locked(until, at);
    },
    async succeeded() {
      const at = now();
      const until = await auth.kv.clearFailures(keys, at);
      if (until > at) throw locked(until, at);
    },
    async failed() {
      const at = now();
      const count = await auth.kv.recordFailure(keys[0], RULE, at);
      return count.lockedUntil > at ? count.lockedUntil : 0;
    },
  };
}
