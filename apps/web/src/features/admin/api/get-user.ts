/**
 * @module GET /admin/get-user?id: the user the detail page is about.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type AdminUserDetail = NonNullable<Awaited<ReturnType<AppClient['admin']['getUser']>>['data']>;

/** `enabled: false` while there is no user to ask for yet (the audit filter without one). */
export function useAdminUser(id: string, { enabled = true } = {}) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => unwrap(client.admin.getUser({ query: { id } })),
    enabled,
  });
}
