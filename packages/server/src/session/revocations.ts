/**
 * @module Immediate revocation despite the cookie cache. A signed `session_data` cookie vouches for
 * its session for up to `cookieCache.maxAge` seconds without a database read; a stolen cookie set
 * must still die with its session. So every deletion of a user's sessions (sign-out, revocations,
 * ban, password change, account removal) notes the user and the time, and a cache issued for that
 * user up to that moment is no longer believed: the read falls through to the database, which is
 * the authority (a session that survived, such as the caller's own after revoke-other-sessions, is
 * found there and cached afresh). A note is needed only as long as a cache can live, so the table
 * holds the users revoked within the last `maxAge` seconds; a cache hit costs one Map lookup.
 *
 * This table is per process: instances behind a load balancer share revocations through the
 * scale-out work, not here.
 */

export interface SessionRevocations {
  /** Called after the deletion has committed, so no cache can be issued from the deleted rows later. */
  revokeUser(userId: string): void;
  /** Whether a cache issued at `issuedAt` (epoch ms) for `userId` may predate a revocation. */
  isRevoked(userId: string, issuedAt: number): boolean;
}

export function createSessionRevocations(now: () => Date, cacheMaxAgeSeconds: number): SessionRevocations {
  // Insertion order is revocation order (a repeat is moved to the end), so the stale notes are
  // always at the front and pruning stops at the first live one.
  const revokedAt = new Map<string, number>();
  const horizonMs = cacheMaxAgeSeconds * 1000;

  function prune(at: number): void {
    for (const [userId, time] of revokedAt) {
      if (time + horizonMs > at) break;
      revokedAt.delete(userId);
    }
  }

  return {
    revokeUser(userId) {
      const at = now().getTime();
      prune(at);
      revokedAt.delete(userId);
      revokedAt.set(userId, at);
    },
    isRevoked(userId, issuedAt) {
      const at = revokedAt.get(userId);
      // Same millisecond counts as before: the cache may have been issued just ahead of the delete.
      return at !== undefined && issuedAt <= at;
    },
  };
}
