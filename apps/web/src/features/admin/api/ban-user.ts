/**
 * @module POST /admin/ban-user {userId, banReason?, banExpiresIn?}: bans a user (for banExpiresIn
 * seconds, or for good) and ends all their sessions.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type BanUserInput = Parameters<AppClient['admin']['banUser']>[0];

export function banUser(client: AppClient, input: BanUserInput) {
  return unwrap(client.admin.banUser(input));
}
