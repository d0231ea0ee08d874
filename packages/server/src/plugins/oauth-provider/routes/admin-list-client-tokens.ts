/**
 * @module GET /admin/oauth2/list-client-tokens?client_id=: the client's live grants (the tokens one
 * authorization issued, access and refresh, as one row), newest first, at most 500
 * (clients/admin-queries.ts), each with its user (none for client_credentials), scopes, first
 * issue, latest issue and expiry (permission `oauthClient: read`).
 */
import { z } from 'zod';
import { defineEndpoint, isoDate } from '../../../plugin';
import { userSummaryResponse } from '../clients/admin-client-response';
import { listLiveGrantsOfClient, usersByIds } from '../clients/admin-queries';
import { administeredClient } from '../clients/client-admin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminListClientTokens() {
  return defineEndpoint({
    id: 'adminListOAuthClientTokens',
    method: 'GET',
    path: '/admin/oauth2/list-client-tokens',
    summary: "List a client's tokens (admin)",
    query: z.object({ client_id: z.string().min(1) }),
    response: z.object({
      grants: z.array(
        z.object({
          grantId: z.string(),
          userId: z.string().nullable(),
          user: userSummaryResponse.nullable(),
          referenceId: z.string().nullable(),
          scopes: z.array(z.string()),
          issuedAt: isoDate,
          lastIssuedAt: isoDate,
          expiresAt: isoDate,
          hasRefreshToken: z.boolean(),
        }),
      ),
    }),
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    sessionFromDatabase: true,
    async handler({ auth, session, query }) {
      const client = await administeredClient(auth, session, 'read', query.client_id);
      const grants = await listLiveGrantsOfClient(auth, client.clientId);
      const users = await usersByIds(
        auth,
        grants.map((grant) => grant.userId),
      );
      return {
        grants: grants.map((grant) => ({
          ...grant,
          scopes: [...grant.scopes],
          user: grant.userId ? (users.get(grant.userId) ?? null) : null,
        })),
      };
    },
  });
}
