/**
 * @module POST /admin/list-user-accounts {userId}: the user's password and linked provider
 * accounts. A read, though the route is a POST, so it is a query here.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type AdminLinkedAccount = NonNullable<
  Awaited<ReturnType<AppClient['admin']['listUserAccounts']>>['data']
>['accounts'][number];

export function useUserAccounts(userId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.accounts(userId),
    queryFn: async () => (await unwrap(client.admin.listUserAccounts({ userId }))).accounts,
  });
}
