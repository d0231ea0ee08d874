/**
 * @module POST /admin/set-role {userId, role}: one role or several (stored comma-joined).
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type SetRoleInput = Parameters<AppClient['admin']['setRole']>[0];

export function setRole(client: AppClient, input: SetRoleInput) {
  return unwrap(client.admin.setRole(input));
}
