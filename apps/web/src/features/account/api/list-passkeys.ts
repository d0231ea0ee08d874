/**
 * @module GET /passkey/list-user-passkeys: the signed-in user's passkeys, oldest first, each with
 * its name, when it was added, whether it is synced across devices (`deviceType: multiDevice`) and
 * backed up. Under the account's keys, so every account change (`app/stale-after.ts`) reloads it.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export type ListedPasskey = Awaited<ReturnType<typeof listPasskeys>>[number];

/** Kept here rather than in account-keys.ts: only this screen reads it. */
export const passkeysKey = (userId: string | undefined) => [...accountKeys.all, userId, 'passkeys'] as const;

export function listPasskeys(client: AppClient) {
  return unwrap(client.passkey.listUserPasskeys());
}

export function useListPasskeys() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: passkeysKey(userId),
    queryFn: () => listPasskeys(client),
    enabled: Boolean(userId),
  });
}
