/**
 * @module POST /admin/oauth2/rotate-client-secret {client_id}: a platform admin (permission
 * `oauthClient: update`) gives any confidential client a new secret, shown in this answer only;
 * the old one stops working at once, as with the owner's rotation (rotate-client-secret.ts).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { adminClientResponse, toAdminClientResponse } from '../clients/admin-client-response';
import { usersByIds } from '../clients/admin-queries';
import { administeredClient } from '../clients/client-admin';
import { replaceClientSecret } from '../clients/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { oauthJson } from '../oauth-error';

export function adminRotateClientSecret() {
  return defineEndpoint({
    id: 'adminRotateOAuthClientSecret',
    method: 'POST',
    path: '/admin/oauth2/rotate-client-secret',
    summary: "Rotate a client's secret (admin)",
    body: z.object({ client_id: z.string().min(1) }),
    response: adminClientResponse,
    errors: [
      OAUTH_PROVIDER_ERRORS.clientNotFound,
      OAUTH_PROVIDER_ERRORS.secretRotationUnavailable,
      OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
    ],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await administeredClient(auth, session, 'update', body.client_id);
      if (!client.secretDigest) throw new AuthError(OAUTH_PROVIDER_ERRORS.secretRotationUnavailable);
      const rotated = await replaceClientSecret(auth, client.clientId);
      if (!rotated) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
      emitEvent(ctx, 'oauth-client-secret-rotated', {
        userId: client.userId,
        actorUserId: session.user.id,
        detail: { clientId: client.clientId },
      });
      const owners = await usersByIds(auth, [client.userId]);
      // no-store: the answer holds the only copy of the new secret.
      return oauthJson(toAdminClientResponse(rotated.client, owners, { clientSecret: rotated.clientSecret }));
    },
  });
}
