/**
 * @module GET /admin/oauth2/get-client?client_id=: any client with its owner, for the admin
 * console's client page (permission `oauthClient: read`). Never the secret.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { adminClientResponse, toAdminClientResponse } from '../clients/admin-client-response';
import { usersByIds } from '../clients/admin-queries';
import { administeredClient } from '../clients/client-admin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminGetClient() {
  return defineEndpoint({
    id: 'adminGetOAuthClient',
    method: 'GET',
    path: '/admin/oauth2/get-client',
    summary: 'Get an OAuth client (admin)',
    query: z.object({ client_id: z.string().min(1) }),
    response: adminClientResponse,
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    sessionFromDatabase: true,
    async handler({ auth, session, query }) {
      const client = await administeredClient(auth, session, 'read', query.client_id);
      return toAdminClientResponse(client, await usersByIds(auth, [client.userId]));
    },
  });
}
