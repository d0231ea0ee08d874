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

export function tooManyRequests(retryAfterMs: number): AuthError {
  return new AuthError(ERRORS.tooManyRequests, {
    headers: { 'X-Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

export async function enforceRateLimit(
  auth: AuthContext,
  tier: RateLimitTier,
  clientIp: string | undefined,
  path: string,
): Promise<void> {
  const { rateLimit } = auth.options;
  if (!rateLimit.enabled) return;
  if (!clientIp) {
    // Counting every unknown client under one key would let one abuser lock everybody out.
    if (!warnedWithoutIp)
      auth.logger.warn({}, 'Rate limit skipped: the client address is unknown (pass clientIp to the handler)');
    warnedWithoutIp = true;
    return;
  }
  const rule = rateLimit[tier];
  const now = auth.now().getTime();
  const { count, resetAt } = await auth.kv.increment(
    `rl:${rateLimitAddress(clientIp)}:${path}`,
    rule.window * 1000,
    now,
  );
  if (count > rule.max) {
    // Every refusal is told (metrics count them); `first` marks the one that closed the window, so
    // the audit log keeps one row per client and window, not one per request of a flood.
    emitEvent({ auth, clientIp }, 'rate-limited', {
      outcome: 'failure',
      method: path,
      detail: { tier, first: count === rule.max + 1 },
    });
    throw tooManyRequests(resetAt - now);
  }
}
