/**
 * @module POST /admin/set-user-password {userId, newPassword}: sets a user's password; their
 * sessions are kept.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type SetUserPasswordInput = Parameters<AppClient['admin']['setUserPassword']>[0];

export function setUserPassword(client: AppClient, input: SetUserPasswordInput) {
  return unwrap(client.admin.setUserPassword(input));
}
