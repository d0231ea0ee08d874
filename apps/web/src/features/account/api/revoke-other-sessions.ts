/**
 * @module POST /revoke-other-sessions: signs out every device but this one.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRevokeOtherSessions() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: () => unwrap(client.revokeOtherSessions()),
  });
}
