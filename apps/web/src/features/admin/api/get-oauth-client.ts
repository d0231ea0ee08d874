/**
 * @module GET /admin/oauth2/get-client: one application with its owner, never its secret.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';
import type { AdminOAuthClient } from './admin-types';

export function useAdminOAuthClient(clientId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.oauthClient(clientId),
    queryFn: async () =>
      (await unwrap(client.admin.oauth2.getClient({ query: { client_id: clientId } }))) as unknown as AdminOAuthClient,
  });
}
