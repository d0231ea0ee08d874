/**
 * @module GET /oauth2/get-consents: the applications the signed-in user let act for them, with
 * the scopes they agreed to and when each was last used; each application's name and logo from GET /oauth2/public-client. An
 * application gone or disabled since is still listed (its consent can still be revoked), by its id.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession } from '../../../lib/auth';
import { applicationKey, fetchApplication, type OAuthApplication } from '../../../lib/oauth-applications';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export interface ConnectedApplication {
  consentId: string;
  clientId: string;
  scopes: readonly string[];
  grantedAt: Date;
  /** The latest token issued to it for the user (a sign-in or a refresh), or the grant's last change. */
  lastUsedAt: Date;
  /** Null while loading, or when the server no longer describes the application. */
  application: OAuthApplication | null;
}

export function useConnectedApplications() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  const consents = useQuery({
    queryKey: accountKeys.consents(userId),
    queryFn: () => unwrap(client.oauth2.getConsents()),
    enabled: Boolean(userId),
  });
  const clientIds = [...new Set((consents.data ?? []).map((consent) => consent.clientId))];
  const applications = useQueries({
    queries: clientIds.map((clientId) => ({
      queryKey: applicationKey(clientId),
      queryFn: () => fetchApplication(client, clientId),
      retry: false,
    })),
  });
  const byClient = new Map(clientIds.map((clientId, index) => [clientId, applications[index]?.data ?? null]));
  const list: ConnectedApplication[] | undefined = consents.data?.map((consent) => ({
    consentId: consent.id,
    clientId: consent.clientId,
    scopes: consent.scopes,
    grantedAt: new Date(consent.createdAt),
    lastUsedAt: new Date(consent.lastUsedAt),
    application: byClient.get(consent.clientId) ?? null,
  }));
  return { data: list, error: consents.error, isPending: consents.isPending };
}
