/**
 * @module GET /admin/list-users: one page of users, searched, filtered and sorted by the server,
 * with the total. The previous page stays on screen while the next loads, so the grid does not
 * flash empty (and keeps its row count) at every keystroke or page change.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';
import type { ListUsersQuery } from './admin-types';

export type { AdminUser, ListUsersQuery, UserPage } from './admin-types';

/** `enabled: false` until the users are wanted (the audit filter's suggestions, once opened). */
export function useListUsers(query: ListUsersQuery, { enabled = true } = {}) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => unwrap(client.admin.listUsers({ query })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
