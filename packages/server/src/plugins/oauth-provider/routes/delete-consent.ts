/**
 * @module POST /oauth2/delete-consent {id}: revokes one of the signed-in user's consents, and with
 * it the access and refresh tokens its client holds for the user, which stop working at once. The
 * client must ask again (consent screen) to act for the user. Answers `null`, as better-auth does.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { findConsentOf, revokeConsent } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

const body = z.object({ id: z.string().min(1) });

export function deleteOAuthConsent() {
  return defineEndpoint({
    id: 'deleteOAuthConsent',
    method: 'POST',
    path: '/oauth2/delete-consent',
    summary: 'Withdraw a consent',
    body,
    response: z.null(),
    errors: [OAUTH_PROVIDER_ERRORS.consentNotFound],
    session: 'required',
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const consent = await findConsentOf(auth, body.id, session.user.id);
      if (!consent) throw new AuthError(OAUTH_PROVIDER_ERRORS.consentNotFound);
      // A concurrent delete of the same consent tells its revocation once.
      if (await revokeConsent(auth, consent)) {
        emitEvent(ctx, 'oauth-consent-revoked', {
          userId: session.user.id,
          actorUserId: session.user.id,
          detail: { clientId: consent.clientId },
        });
      }
      return null;
    },
  });
}
