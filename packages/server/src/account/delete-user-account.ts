/**
 * @module Account deletion, shared by POST /delete-user and the link its confirmation mail
 * carries: using up a delete-account token, and removing the user with everything that names it.
 */
import type { AuthContext } from '../auth/context';
import { emitEvent, type EventOrigin } from '../events/emit-event';
import type { ResponseCookies } from '../http/cookies';
import { deleteUserRow } from '../plugin/run-hooks';
import { checkToken, redeemToken } from '../verification/one-time-token';
import { clearSessionCookies } from '../session/session-cookies';

export type DeleteTokenOutcome = 'valid' | 'expired' | 'invalid' | 'other-user';

/**
 * Uses up a delete-account token, but only for the user it was issued to. A token of another user
 * is looked at and left alone: the browser it was opened in is not its owner's (a shared computer,
 * a forwarded mail), and the owner's own link must keep working. Of concurrent redemptions exactly
 * one gets `valid`.
 */
export async function redeemDeleteAccountToken(
  auth: AuthContext,
  token: string,
  userId: string,
): Promise<DeleteTokenOutcome> {
  const found = await checkToken(auth, 'delete-account', token);
  if (found.status !== 'valid') return found.status;
  if (found.subject.userId !== userId) return 'other-user';
  return (await redeemToken(auth, 'delete-account', token)).status;
}

/**
 * Removes the user with everything that names it: the row through the plugin that guards its
 * deletion (guardUserDeletion hook), sessions and accounts with it (foreign keys cascade), its cookie
 * caches. Pending one-time tokens are deleted after it, so one issued while the deletion was under
 * way dies too: no reset or verification link may outlive the account. False when a guarding
 * plugin found no such user. Account deletion and the admin's remove-user (plugin/host.ts) share it.
 */
export async function removeUser(auth: AuthContext, userId: string): Promise<boolean> {
  const found = await deleteUserRow(auth, userId);
  await auth.verifications.deleteForUser(userId);
  return found;
}

/** The account's own deletion: removeUser, then the caller's cookies are cleared. */
export async function deleteUserAccount(
  origin: EventOrigin & { cookies: ResponseCookies },
  userId: string,
  /** How the deletion was confirmed, for its event: `password`, `fresh-session`, `mail`. */
  method: string,
): Promise<void> {
  const { auth } = origin;
  await removeUser(auth, userId);
  clearSessionCookies(auth, origin.cookies);
  emitEvent(origin, 'account-deleted', { method, userId, actorUserId: userId });
}
