/**
 * @module GET /two-factor/list-trusted-devices: the browsers that skip the second step at sign-in
 * (trusted for 30 days), the one asking marked `current`.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export type TrustedDevice = Awaited<ReturnType<typeof listTrustedDevices>>[number];

export function listTrustedDevices(client: AppClient) {
  return unwrap(client.twoFactor.listTrustedDevices());
}

export function useListTrustedDevices() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: accountKeys.trustedDevices(userId),
    queryFn: () => listTrustedDevices(client),
    enabled: Boolean(userId),
  });
}
