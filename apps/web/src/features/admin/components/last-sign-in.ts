/**
 * @module When the user last signed in: the newest successful sign-in in the audit log, or the
 * newest start of one of their live sessions if that is newer (the log is written just after the
 * answer) or the log cannot be read. Sessions alone were not enough: a ban, a sign-out or an
 * expiry deletes them, and the page said "unknown" for a user who had signed in an hour before.
 * Impersonations are left out (those were an admin's doing); `updatedAt` moves with profile
 * edits, bans and role changes, so it is no candidate. See docs/decisions.md.
 */
import type { AdminSession } from '../api/list-user-sessions';

export function lastSignInOf(
  sessions: readonly AdminSession[],
  loggedSignIn: Date | string | null | undefined,
): Date | null {
  let newest: Date | null = loggedSignIn ? new Date(loggedSignIn) : null;
  for (const session of sessions) {
    if (session.impersonatedBy) continue;
    const created = new Date(session.createdAt);
    if (!newest || created > newest) newest = created;
  }
  return newest;
}
