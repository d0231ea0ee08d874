/**
 * @module POST /admin/set-role {userId, role}: one role or several (stored comma-joined).
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type SetRoleInput = Parameters<AppClient['admin']['setRole']>[0];

export function useSetRole() {
  return useAdminMutation((client, input: SetRoleInput) => client.admin.setRole(input));
}
