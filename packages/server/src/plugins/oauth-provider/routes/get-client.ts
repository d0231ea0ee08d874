/**
 * @module GET /oauth2/get-client?client_id=: one of the signed-in user's clients, without its
 * secret. Another owner's client is answered as unknown (404).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { clientResponse, toClientResponse } from '../clients/client-response';
import { findOwnedClient } from '../clients/ownership';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function getClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'getOAuthClient',
    method: 'GET',
    path: '/oauth2/get-client',
    summary: 'Get an owned OAuth client',
    query: z.object({ client_id: z.string().min(1) }),
    response: clientResponse,
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound],
    session: 'required',
    async handler({ auth, session, query }) {
      return toClientResponse(await findOwnedClient(auth, options, session, query.client_id));
    },
  });
}
