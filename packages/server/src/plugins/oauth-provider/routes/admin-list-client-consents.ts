/**
 * @module GET /admin/oauth2/list-client-consents?client_id=: who consented to the client, with
 * which scopes and when, newest first (permission `oauthClient: read`), each with the user's name
 * and e-mail.
 */
import { z } from 'zod';
import { defineEndpoint, isoDate } from '../../../plugin';
import { userSummaryResponse } from '../clients/admin-client-response';
import { listConsentsOfClient, usersByIds } from '../clients/admin-queries';
import { administeredClient } from '../clients/client-admin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminListClientConsents() {
  return defineEndpoint({
    id: 'adminListOAuthClientConsents',
    method: 'GET',
    path: '/admin/oauth2/list-client-consents',
    summary: "List a client's consents (admin)",
    query: z.object({ client_id: z.string().min(1) }),
    response: z.object({
      consents: z.array(
        z.object({
          id: z.string(),
          userId: z.string(),
          user: userSummaryResponse.nullable(),
          referenceId: z.string().nullable(),
          scopes: z.array(z.string()),
          createdAt: isoDate,
          updatedAt: isoDate,
        }),
      ),
    }),
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    sessionFromDatabase: true,
    async handler({ auth, session, query }) {
      const client = await administeredClient(auth, session, 'read', query.client_id);
      const consents = await listConsentsOfClient(auth, client.clientId);
      const users = await usersByIds(
        auth,
        consents.map((consent) => consent.userId),
      );
      return {
        consents: consents.map((consent) => ({
          id: consent.id,
          userId: consent.userId,
          user: users.get(consent.userId) ?? null,
          referenceId: consent.referenceId,
          scopes: [...consent.scopes],
          createdAt: consent.createdAt,
          updatedAt: consent.updatedAt,
        })),
      };
    },
  });
}
