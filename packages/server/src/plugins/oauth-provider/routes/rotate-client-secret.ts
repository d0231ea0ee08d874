/**
 * @module POST /oauth2/client/rotate-secret {client_id}: the owner gets a new secret for their
 * confidential client, shown in this answer only. The old one stops working at once (its digest is
 * overwritten): a rotation is usually because it leaked. A client without a secret (public, or
 * private_key_jwt) is refused with better-auth's answer.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { clientResponse, toClientResponse } from '../clients/client-response';
import { findOwnedClient } from '../clients/ownership';
import { replaceClientSecret } from '../clients/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';

export function rotateClientSecret(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'rotateOAuthClientSecret',
    method: 'POST',
    path: '/oauth2/client/rotate-secret',
    summary: "Rotate an owned client's secret",
    body: z.object({ client_id: z.string().min(1) }),
    response: clientResponse,
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound, OAUTH_PROVIDER_ERRORS.secretRotationUnavailable],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await findOwnedClient(auth, options, session, body.client_id);
      if (!client.secretDigest) throw new AuthError(OAUTH_PROVIDER_ERRORS.secretRotationUnavailable);
      const rotated = await replaceClientSecret(auth, client.clientId);
      if (!rotated) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
      emitEvent(ctx, 'oauth-client-secret-rotated', {
        userId: client.userId,
        organizationId: client.referenceId,
        actorUserId: session.user.id,
        detail: { clientId: client.clientId },
      });
      // no-store: the answer holds the only copy of the new secret.
      return oauthJson(toClientResponse(rotated.client, { clientSecret: rotated.clientSecret }));
    },
  });
}
