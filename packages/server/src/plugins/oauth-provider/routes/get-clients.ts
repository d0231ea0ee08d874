/**
 * @module GET /oauth2/get-clients: the signed-in user's clients, or with `organization_id` those of
 * an organization whose clients they manage (403 otherwise), oldest first, without secrets.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { clientResponse, toClientResponse } from '../clients/client-response';
import { requireOrganizationClientManager } from '../clients/ownership';
import { listClientsOf } from '../clients/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function getClients(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'getOAuthClients',
    method: 'GET',
    path: '/oauth2/get-clients',
    summary: "List the user's OAuth clients",
    query: z.object({ organization_id: z.string().min(1).optional() }),
    response: z.array(clientResponse),
    errors: [OAUTH_PROVIDER_ERRORS.notAllowedToManageOrganizationClients],
    session: 'required',
    async handler({ auth, session, query }) {
      const organizationId = query.organization_id;
      if (organizationId !== undefined) await requireOrganizationClientManager(auth, options, session, organizationId);
      const clients = await listClientsOf(
        auth,
        organizationId === undefined ? { userId: session.user.id } : { referenceId: organizationId },
      );
      return clients.map((client) => toClientResponse(client));
    },
  });
}
