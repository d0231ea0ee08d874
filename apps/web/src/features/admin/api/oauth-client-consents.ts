/**
 * @module GET /admin/oauth2/list-client-consents and POST /admin/oauth2/revoke-client-consent: who
 * consented to an application, and taking a consent back (the user's tokens for it die with it).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export function useOAuthClientConsents(clientId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.oauthClientConsents(clientId),
    queryFn: async () =>
      (await unwrap(client.admin.oauth2.listClientConsents({ query: { client_id: clientId } }))).consents,
  });
}

export function useRevokeOAuthClientConsent() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (input: { client_id: string; id: string }) => unwrap(client.admin.oauth2.revokeClientConsent(input)),
  });
}
