/**
 * @module POST /admin/revoke-user-session {sessionToken}: ends one session, named by the digest the
 * session list shows.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type RevokeUserSessionInput = Parameters<AppClient['admin']['revokeUserSession']>[0];

export function useRevokeUserSession() {
  const client = useAuthClient();
  return useMutation({ mutationFn: (input: RevokeUserSessionInput) => unwrap(client.admin.revokeUserSession(input)) });
}
