/**
 * @module GET /admin/oauth2/list-clients: one page of every owner's applications (OAuth clients),
 * searched by name or client_id on the server, with the total. The previous page stays on screen
 * while the next loads, as the users list does.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';
import type { ListOAuthClientsQuery, OAuthClientPage } from './admin-types';

export function useListOAuthClients(query: ListOAuthClientsQuery) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.oauthClients(query),
    queryFn: async () => (await unwrap(client.admin.oauth2.listClients({ query }))) as unknown as OAuthClientPage,
    placeholderData: keepPreviousData,
  });
}
