/**
 * @module GET /admin/get-user?id: the user the detail page is about.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type AdminUserDetail = NonNullable<Awaited<ReturnType<AppClient['admin']['getUser']>>['data']>;

export function useAdminUser(id: string) {
  const client = useAuthClient();
  return useQuery({ queryKey: adminKeys.user(id), queryFn: () => unwrap(client.admin.getUser({ query: { id } })) });
}
