/**
 * @module One action on several users, through the single-user routes one call at a time: each
 * call is checked (permission, the `-admins` reach rule, the last admin, oneself) and audited by
 * the server exactly as when the action is taken on the user's page, and a refusal for one user
 * stops nothing for the others. In order, not in parallel: the last-admin guard and the rate limit
 * then see the calls as a person would make them. See docs/decisions.md.
 */
import type { AppClient } from '../../../lib/auth';
import type { AppError } from '../../../lib/app-error';
import { clientErrorOf, unwrap } from '../../../lib/unwrap';
import type { AdminUser } from './admin-types';

export const BULK_ACTIONS = ['ban', 'unban', 'revokeSessions', 'remove'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkFailure {
  user: Pick<AdminUser, 'id' | 'email'>;
  error: AppError;
}

export interface BulkOutcome {
  action: BulkAction;
  done: number;
  failed: BulkFailure[];
}

function callFor(client: AppClient, action: BulkAction, userId: string): Promise<unknown> {
  switch (action) {
    case 'ban':
      return unwrap(client.admin.banUser({ userId }));
    case 'unban':
      return unwrap(client.admin.unbanUser({ userId }));
    case 'revokeSessions':
      return unwrap(client.admin.revokeUserSessions({ userId }));
    case 'remove':
      return unwrap(client.admin.removeUser({ userId }));
  }
}

export async function runBulkAction(
  client: AppClient,
  action: BulkAction,
  users: readonly Pick<AdminUser, 'id' | 'email'>[],
): Promise<BulkOutcome> {
  const failed: BulkFailure[] = [];
  for (const user of users) {
    try {
      await callFor(client, action, user.id);
    } catch (error) {
      failed.push({ user: { id: user.id, email: user.email }, error: clientErrorOf(error)! });
    }
  }
  return { action, done: users.length - failed.length, failed };
}
