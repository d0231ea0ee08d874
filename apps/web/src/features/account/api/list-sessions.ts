/**
 * @module GET /list-sessions: the signed-in user's live sessions. The current one carries the
 * browser's own token; every other one's `token` is the server's digest of the real token: a
 * handle for /revoke-session, useless for signing in.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export type ListedSession = Awaited<ReturnType<typeof listSessions>>[number];

export function listSessions(client: AppClient) {
  return unwrap(client.listSessions());
}

export function useListSessions() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: accountKeys.sessions(userId),
    queryFn: () => listSessions(client),
    enabled: Boolean(userId),
  });
}
