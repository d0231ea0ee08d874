/**
 * @module POST /admin/revoke-user-sessions {userId}: ends every session of a user.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type RevokeUserSessionsInput = Parameters<AppClient['admin']['revokeUserSessions']>[0];

export function useRevokeUserSessions() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (input: RevokeUserSessionsInput) => unwrap(client.admin.revokeUserSessions(input)),
  });
}
