/**
 * @module POST /admin/unban-user {userId}: lifts a ban, clearing its reason and expiry.
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type UnbanUserInput = Parameters<AppClient['admin']['unbanUser']>[0];

export function useUnbanUser() {
  return useAdminMutation((client, input: UnbanUserInput) => client.admin.unbanUser(input));
}
