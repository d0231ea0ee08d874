/**
 * @module POST /admin/revoke-user-sessions {userId}: ends every session of a user.
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type RevokeUserSessionsInput = Parameters<AppClient['admin']['revokeUserSessions']>[0];

export function useRevokeUserSessions() {
  return useAdminMutation((client, input: RevokeUserSessionsInput) => client.admin.revokeUserSessions(input));
}
