/**
 * @module POST /admin/ban-user {userId, banReason?, banExpiresIn?}: bans a user (for banExpiresIn
 * seconds, or for good) and ends all their sessions.
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type BanUserInput = Parameters<AppClient['admin']['banUser']>[0];

export function useBanUser() {
  return useAdminMutation((client, input: BanUserInput) => client.admin.banUser(input));
}
