/**
 * @module Per-client rate limits: a fixed window per client address and route. Counts live in the
 * key-value store, so instances sharing Redis share them.
 */
import type { AuthContext } from '../auth/context';
import type { RateLimitTier } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { rateLimitAddress } from './client-ip';
import { emitEvent } from '../events/emit-event';

let warnedWithoutIp = false;

interface WindowDecision {
  count: number;
  resetAt: number;
  /** The request that closed the window. */
  firstRefusal: boolean;
}

export function tooManyRequests(retryAfterMs: number): AuthError {
  return new AuthError(ERRORS.tooManyRequests, {
    headers: { 'X-Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

/**
 * Throws 429 past the limit. Returns a promise only when the count had to wait on the store: the
 * usual case (the limit off, or the ordinary tier counted in memory) decides synchronously, so the
 * router does not spend an await on every request.
 */
export function enforceRateLimit(
  auth: AuthContext,
  tier: RateLimitTier,
  clientIp: string | undefined,
  path: string,
): Promise<void> | undefined {
  const { rateLimit } = auth.options;
  if (!rateLimit.enabled) return undefined;
  if (!clientIp) {
    // Counting every unknown client under one key would let one abuser lock everybody out.
    if (!warnedWithoutIp)
      auth.logger.warn({}, 'Rate limit skipped: the client address is unknown (pass clientIp to the handler)');
    warnedWithoutIp = true;
    return undefined;
  }
  const rule = rateLimit[tier];
  const now = auth.now().getTime();
  const key = `rl:${rateLimitAddress(clientIp)}:${path}`;
  const decide = ({ count, resetAt, firstRefusal }: WindowDecision): void => {
    if (count <= rule.max) return;
    // Every refusal is told (metrics count them); `first` marks the one that closed the window, so
    // the audit log keeps one row per client and window (per instance), not one per request of a flood.
    emitEvent({ auth, clientIp }, 'rate-limited', {
      outcome: 'failure',
      method: path,
      detail: { tier, first: firstRefusal },
    });
    throw tooManyRequests(resetAt - now);
  };
  // The ordinary tier is every page's get-session: with a shared store it is counted in memory and
  // shared in batches, so that the hot path waits on no network (storage/batched-counts.ts). The
  // strict and mail tiers guard a handful of attempts and count at the store, exactly.
  if (tier === 'default' && auth.rateCounts) {
    const counted = auth.rateCounts.increment(key, rule.window * 1000, rule.max, now);
    if (counted instanceof Promise) return counted.then(decide);
    decide(counted);
    return undefined;
  }
  return auth.kv
    .increment(key, rule.window * 1000, now)
    .then(({ count, resetAt }) => decide({ count, resetAt, firstRefusal: count === rule.max + 1 }));
}
