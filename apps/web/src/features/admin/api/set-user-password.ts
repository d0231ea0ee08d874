/**
 * @module POST /admin/set-user-password {userId, newPassword}: sets a user's password; their
 * sessions are kept.
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type SetUserPasswordInput = Parameters<AppClient['admin']['setUserPassword']>[0];

export function useSetUserPassword() {
  return useAdminMutation((client, input: SetUserPasswordInput) => client.admin.setUserPassword(input));
}
