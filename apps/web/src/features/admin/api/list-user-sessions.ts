/**
 * @module POST /admin/list-user-sessions {userId}: a user's live sessions (impersonations
 * included). A read, though the route is a POST, so it is a query here. Each `token` is the
 * stored digest: enough to revoke the session, never to use it.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type AdminSession = NonNullable<
  Awaited<ReturnType<AppClient['admin']['listUserSessions']>>['data']
>['sessions'][number];

export function useUserSessions(userId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.sessions(userId),
    queryFn: async () => (await unwrap(client.admin.listUserSessions({ userId }))).sessions,
  });
}
