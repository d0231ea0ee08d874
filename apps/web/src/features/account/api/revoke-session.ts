/**
 * @module POST /revoke-session {token}: ends one of the user's other sessions (the device is
 * signed out at its next request). The list is reloaded from the server afterwards.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRevokeSession() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(client.revokeSession({ token })),
  });
}
