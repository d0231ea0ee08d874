/**
 * @module POST /unlink-account {providerId, accountId}: removes one way of signing in. The server
 * refuses the last one (YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT) and asks for a fresh session.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export function useUnlinkAccount() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, accountId }: { providerId: string; accountId: string }) =>
      unwrap(client.unlinkAccount({ providerId, accountId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
