/**
 * @module POST /admin/oauth2/revoke-client-tokens {client_id, grant_id?}: a platform admin
 * (permission `oauthClient: update`) revokes one grant's tokens, access and refresh, or without
 * `grant_id` every live token of the client. Tokens are checked against their rows on every use,
 * so they stop working at once (introspection answers `active: false`). The consent stays: the
 * client may ask the user again; revoking the consent is the way to make the user decide anew.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { findGrantOfClient, revokeAllTokensOfClient } from '../clients/admin-queries';
import { administeredClient } from '../clients/client-admin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { revokeGrant } from '../tokens/store';

export function adminRevokeClientTokens() {
  return defineEndpoint({
    id: 'adminRevokeOAuthClientTokens',
    method: 'POST',
    path: '/admin/oauth2/revoke-client-tokens',
    summary: 'Revoke every token of a client (admin)',
    body: z.object({ client_id: z.string().min(1), grant_id: z.string().min(1).optional() }),
    response: statusResponse,
    errors: [
      OAUTH_PROVIDER_ERRORS.clientNotFound,
      OAUTH_PROVIDER_ERRORS.grantNotFound,
      OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
    ],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await administeredClient(auth, session, 'update', body.client_id);
      let userId: string | null = null;
      if (body.grant_id === undefined) {
        await revokeAllTokensOfClient(auth, client.clientId);
      } else {
        const grant = await findGrantOfClient(auth, body.grant_id, client.clientId);
        if (!grant) throw new AuthError(OAUTH_PROVIDER_ERRORS.grantNotFound);
        await revokeGrant(auth, body.grant_id);
        userId = grant.userId;
      }
      emitEvent(ctx, 'oauth-token-revoked', {
        userId,
        actorUserId: session.user.id,
        method: 'admin',
        detail: { clientId: client.clientId, ...(body.grant_id ? { grantId: body.grant_id } : {}) },
      });
      return { status: true };
    },
  });
}
