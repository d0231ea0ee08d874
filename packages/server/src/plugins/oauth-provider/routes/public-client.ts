/**
 * @module GET /oauth2/public-client?client_id=: what any signed-in user may see of a client, for
 * the consent screen (its name, pages, logo and contacts). A disabled client is answered as
 * unknown, as better-auth does: nobody is to be asked to consent to it.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { findClient } from '../clients/client';
import { toPublicClientResponse } from '../clients/client-response';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function getPublicClient() {
  return defineEndpoint({
    id: 'getOAuthClientPublic',
    method: 'GET',
    path: '/oauth2/public-client',
    summary: "Get a client's public details",
    query: z.object({ client_id: z.string().min(1) }),
    response: z.object({ client_id: z.string() }).loose(),
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound],
    session: 'required',
    async handler({ auth, query }) {
      const client = await findClient(auth, query.client_id);
      if (!client || client.disabled) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
      return toPublicClientResponse(client);
    },
  });
}
