/**
 * @module When the user last signed in, as far as the server can tell: the newest start of one of
 * their live sessions, impersonations left out (those were an admin's doing). The user's
 * `updatedAt` was the other candidate, but profile edits, bans and role changes move it too.
 * Sessions end at sign-out and expiry and their rows go, so with no live session the moment is
 * unknown and the page says so rather than guessing.
 */
import type { AdminSession } from '../api/list-user-sessions';

export function lastSignInOf(sessions: readonly AdminSession[]): Date | null {
  let newest: Date | null = null;
  for (const session of sessions) {
    if (session.impersonatedBy) continue;
    const created = new Date(session.createdAt);
    if (!newest || created > newest) newest = created;
  }
  return newest;
}
