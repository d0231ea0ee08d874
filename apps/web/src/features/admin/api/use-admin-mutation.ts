/**
 * @module What every admin action shares: call the server through the app's client, fail with a
 * `ServerCallError` (so `mutation.error` carries the catalogue code), and on success invalidate
 * everything the console has loaded — the grid, the user and the sessions all reflect the change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient, type AppClient, type AppResult } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export function useAdminMutation<I, T>(call: (client: AppClient, input: I) => Promise<AppResult<T>>) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(call(client, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
