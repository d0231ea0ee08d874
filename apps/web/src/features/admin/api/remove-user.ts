/**
 * @module POST /admin/remove-user {userId}: deletes a user with their sessions and accounts. The
 * cache rules reload the users list; the removed user's own queries are dropped rather than
 * reloaded, which would only fetch "User not found" for a page the admin is leaving.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export function useRemoveUser() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(client.admin.removeUser({ userId })),
    onSuccess: (_data, userId) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(userId) });
      queryClient.removeQueries({ queryKey: adminKeys.sessions(userId) });
    },
  });
}
