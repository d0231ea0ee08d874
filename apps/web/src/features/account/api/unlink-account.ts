/**
 * @module POST /unlink-account {providerId, accountId}: removes one way of signing in. The server
 * refuses the last one (YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT) and asks for a fresh session.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useUnlinkAccount() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ providerId, accountId }: { providerId: string; accountId: string }) =>
      unwrap(client.unlinkAccount({ providerId, accountId })),
  });
}
