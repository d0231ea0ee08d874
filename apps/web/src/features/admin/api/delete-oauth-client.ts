/**
 * @module POST /admin/oauth2/delete-client {client_id}: deletes an application with its consents
 * and tokens. Its own queries are dropped rather than reloaded (they would only fetch "Client not
 * found" for a page the admin is leaving); the cache rules reload the lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export function useDeleteOAuthClient() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => unwrap(client.admin.oauth2.deleteClient({ client_id: clientId })),
    onSuccess: (_data, clientId) => {
      queryClient.removeQueries({ queryKey: adminKeys.oauthClient(clientId) });
      queryClient.removeQueries({ queryKey: adminKeys.oauthClientConsents(clientId) });
      queryClient.removeQueries({ queryKey: adminKeys.oauthClientTokens(clientId) });
    },
  });
}
