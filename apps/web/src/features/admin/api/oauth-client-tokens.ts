/**
 * @module GET /admin/oauth2/list-client-tokens and POST /admin/oauth2/revoke-client-tokens: an
 * application's live grants (one authorization's access and refresh tokens as one row), and
 * revoking one of them or all at once.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export function useOAuthClientTokens(clientId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.oauthClientTokens(clientId),
    queryFn: async () =>
      (await unwrap(client.admin.oauth2.listClientTokens({ query: { client_id: clientId } }))).grants,
  });
}

export function useRevokeOAuthClientTokens() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (input: { client_id: string; grant_id?: string }) =>
      unwrap(client.admin.oauth2.revokeClientTokens(input)),
  });
}
