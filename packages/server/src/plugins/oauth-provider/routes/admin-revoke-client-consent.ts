/**
 * @module POST /admin/oauth2/revoke-client-consent {client_id, id}: a platform admin (permission
 * `oauthClient: update`) revokes a user's consent to the client, and with it the tokens the client
 * holds for that user, which stop working at once (consents/store.ts, as the user's own revocation).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { findConsentOfClient } from '../clients/admin-queries';
import { requireClientAdmin } from '../clients/client-admin';
import { revokeConsent } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminRevokeClientConsent() {
  return defineEndpoint({
    id: 'adminRevokeOAuthClientConsent',
    method: 'POST',
    path: '/admin/oauth2/revoke-client-consent',
    summary: 'Revoke a consent to a client (admin)',
    body: z.object({ client_id: z.string().min(1), id: z.string().min(1) }),
    response: statusResponse,
    errors: [OAUTH_PROVIDER_ERRORS.consentNotFound, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      await requireClientAdmin(auth, session, 'update');
      const consent = await findConsentOfClient(auth, body.id, body.client_id);
      if (!consent) throw new AuthError(OAUTH_PROVIDER_ERRORS.consentNotFound);
      if (await revokeConsent(auth, consent)) {
        emitEvent(ctx, 'oauth-consent-revoked', {
          userId: consent.userId,
          actorUserId: session.user.id,
          detail: { clientId: consent.clientId },
        });
      }
      return { status: true };
    },
  });
}
