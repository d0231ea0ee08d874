/**
 * @module POST /admin/reset-user-two-factor {userId}: turns a user's two-factor off (a lost phone):
 * secret, backup codes and trusted browsers gone, sessions kept. The user's page reloads
 * (app/stale-after.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useResetUserTwoFactor() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(client.admin.resetUserTwoFactor({ userId })),
  });
}
