/**
 * @module GET /admin/oauth2/list-clients?search=&limit=&offset=: every client, whoever owns it,
 * newest first, for the admin console (permission `oauthClient: read`). `search` matches a part of
 * the name or the client_id, case aside. Answers {clients, total, limit, offset}; without a limit a
 * page of 50, and at most 200. Latchkey's own: better-auth lists only the caller's own clients.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { adminClientResponse, toAdminClientResponse } from '../clients/admin-client-response';
import { queryClientPage, usersByIds } from '../clients/admin-queries';
import { requireClientAdmin } from '../clients/client-admin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminListClients() {
  return defineEndpoint({
    id: 'adminListOAuthClients',
    method: 'GET',
    path: '/admin/oauth2/list-clients',
    summary: 'List every OAuth client (admin)',
    query: z.object({
      search: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    }),
    response: z.object({
      clients: z.array(adminClientResponse),
      total: z.number(),
      limit: z.number(),
      offset: z.number(),
    }),
    errors: [OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    // A privilege decision: the role must be the database's, not a cached copy.
    sessionFromDatabase: true,
    async handler({ auth, session, query }) {
      await requireClientAdmin(auth, session, 'read');
      const page = await queryClientPage(auth, query);
      const owners = await usersByIds(
        auth,
        page.clients.map((client) => client.userId),
      );
      return {
        clients: page.clients.map((client) => toAdminClientResponse(client, owners)),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
      };
    },
  });
}
