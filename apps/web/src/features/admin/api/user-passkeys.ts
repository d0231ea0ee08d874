/**
 * @module The passkey plugin's admin routes: POST /admin/list-user-passkeys {userId} (a read, so a
 * query) and POST /admin/remove-user-passkey {userId, passkeyId}.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type AdminPasskey = NonNullable<
  Awaited<ReturnType<AppClient['admin']['listUserPasskeys']>>['data']
>['passkeys'][number];

export function useUserPasskeys(userId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.passkeys(userId),
    queryFn: async () => (await unwrap(client.admin.listUserPasskeys({ userId }))).passkeys,
  });
}

export function useRemoveUserPasskey(userId: string) {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (passkeyId: string) => unwrap(client.admin.removeUserPasskey({ userId, passkeyId })),
  });
}
