/**
 * @module POST /revoke-other-sessions: signs out every device but this one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export function useRevokeOtherSessions() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.revokeOtherSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
