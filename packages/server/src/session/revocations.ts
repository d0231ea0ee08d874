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
 * Several instances share their notes through a `RevocationFeed` (Redis pub/sub in the standalone
 * server): each revocation is published, and every instance notes what the others publish. A feed
 * can miss notes (before it first listens, while its connection is down), so the table also keeps
 * the moment since which it has heard everything, `trustedSince`: a cache issued before it may
 * predate a note this instance never got, and is read from the database instead. Without a feed,
 * `trustedSince` is the moment the table was made: the notes of an earlier process are gone, and so
 * are the caches it issued. Either way a miss costs one indexed read, never a wrong answer.
 */

/** One revocation: the user whose sessions were deleted, and when (epoch ms). */
export interface RevocationNote {
  userId: string;
  at: number;
}

export interface RevocationListener {
  /** A revocation another instance made. */
  revoked(note: RevocationNote): void;
  /** The feed listens from now on: no later revocation is missed. */
  live(): void;
  /** The feed may miss revocations from now until `live` is called again. */
  lost(): void;
}

/** How instances tell each other of revocations. */
export interface RevocationFeed {
  /**
   * Tells the other instances; resolves once they have been sent the note, so that the response
   * that follows cannot overtake it. Never rejects: a feed logs its own failures.
   */
  publish(note: RevocationNote): Promise<void>;
  /** Starts delivering the other instances' notes to `listener` (one listener per feed). */
  listen(listener: RevocationListener): void;
}

export interface SessionRevocations {
  /**
   * Called after the deletion (or a change of the user every cache must show: a role, a ban,
   * cookie-cache.ts `forgetCachedUser`) has committed, so no cache can be issued from the old rows
   * later; resolves once the other instances have been told.
   */
  revokeUser(userId: string): Promise<void>;
  /**
   * Whether a cache issued at `issuedAt` (epoch ms) for `userId` may predate a revocation: one noted
   * here, or one the feed could have missed.
   */
  isRevoked(userId: string, issuedAt: number): boolean;
}

export function createSessionRevocations(
  now: () => Date,
  cacheMaxAgeSeconds: number,
  feed?: RevocationFeed,
): SessionRevocations {
  // Insertion order is (nearly) revocation order, so the stale notes are at the front and pruning
  // stops at the first live one; a note from another instance's clock may be slightly out of order,
  // which only keeps a stale note a little longer.
  const revokedAt = new Map<string, number>();
  const horizonMs = cacheMaxAgeSeconds * 1000;
  // Before the feed first listens, no cache is believed: the other instances' notes are unknown.
  let trustedSince = feed ? Infinity : now().getTime();

  function prune(at: number): void {
    for (const [userId, time] of revokedAt) {
      if (time + horizonMs > at) break;
      revokedAt.delete(userId);
    }
  }

  function note(userId: string, at: number): void {
    prune(at);
    const earlier = revokedAt.get(userId) ?? 0;
    // Re-inserted so that the table stays in revocation order.
    revokedAt.delete(userId);
    revokedAt.set(userId, Math.max(at, earlier));
  }

  feed?.listen({
    revoked({ userId, at }) {
      // Noted at the later of the two clocks: a skew between instances may only distrust more.
      note(userId, Math.max(at, now().getTime()));
    },
    live() {
      // A cache issued in this very millisecond may still predate a note missed just before.
      trustedSince = now().getTime() + 1;
    },
    lost() {
      trustedSince = Infinity;
    },
  });

  return {
    async revokeUser(userId) {
      const at = now().getTime();
      note(userId, at);
      await feed?.publish({ userId, at });
    },
    isRevoked(userId, issuedAt) {
      if (issuedAt < trustedSince) return true;
      const at = revokedAt.get(userId);
      // Same millisecond counts as before: the cache may have been issued just ahead of the delete.
      return at !== undefined && issuedAt <= at;
    },
  };
}
