/**
 * @module GET /list-accounts: how the user can sign in — the password ('credential') account and
 * each linked provider. Whether a password exists decides between "change" and "set" a password,
 * and whether deleting the account asks for it.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

/** SPEC §3: password accounts have the provider id 'credential'. */
export const CREDENTIAL_PROVIDER = 'credential';

export type LinkedAccount = Awaited<ReturnType<typeof listAccounts>>[number];

export function listAccounts(client: AppClient) {
  return unwrap(client.listAccounts());
}

export function useListAccounts() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: accountKeys.accounts(userId),
    queryFn: () => listAccounts(client),
    enabled: Boolean(userId),
  });
}

export function hasPassword(accounts: readonly LinkedAccount[]): boolean {
  return accounts.some((account) => account.providerId === CREDENTIAL_PROVIDER);
}
