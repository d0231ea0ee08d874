/**
 * @module POST /revoke-session {token}: ends one of the user's other sessions (the device is
 * signed out at its next request). The list is reloaded from the server afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export function useRevokeSession() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(client.revokeSession({ token })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
