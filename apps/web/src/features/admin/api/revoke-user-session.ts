/**
 * @module POST /admin/revoke-user-session {sessionToken}: ends one session, named by the digest the
 * session list shows.
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type RevokeUserSessionInput = Parameters<AppClient['admin']['revokeUserSession']>[0];

export function useRevokeUserSession() {
  return useAdminMutation((client, input: RevokeUserSessionInput) => client.admin.revokeUserSession(input));
}
