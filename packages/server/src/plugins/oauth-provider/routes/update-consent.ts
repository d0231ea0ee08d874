/**
 * @module POST /oauth2/update-consent {id, update: {scopes}}: sets the scopes of one of the
 * signed-in user's consents, within those its client may ask for (better-auth's rule: the client's
 * scopes, or the server's when the client names none). Answers the consent as it now is.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { findClient } from '../clients/client';
import { consentResponse } from '../consents/consent-response';
import { withLastUse } from '../consents/last-use';
import { findConsentOf, setConsentScopes } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

const body = z.object({
  id: z.string().min(1),
  update: z.object({ scopes: z.array(z.string().min(1)) }),
});

export function updateOAuthConsent(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'updateOAuthConsent',
    method: 'POST',
    path: '/oauth2/update-consent',
    summary: 'Change the scopes of a consent',
    body,
    response: consentResponse,
    errors: [
      OAUTH_PROVIDER_ERRORS.consentNotFound,
      OAUTH_PROVIDER_ERRORS.clientNotFound,
      OAUTH_PROVIDER_ERRORS.scopesNotAllowed,
    ],
    session: 'required',
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const consent = await findConsentOf(auth, body.id, session.user.id);
      if (!consent) throw new AuthError(OAUTH_PROVIDER_ERRORS.consentNotFound);
      const client = await findClient(auth, consent.clientId);
      if (!client) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
      // A consent records what the user let the client have: never a scope the client may not ask for.
      const allowed = client.scopes ?? options.supportedScopes(auth);
      const scopes = [...new Set(body.update.scopes)];
      if (!scopes.every((scope) => allowed.includes(scope)))
        throw new AuthError(OAUTH_PROVIDER_ERRORS.scopesNotAllowed);
      const updated = await setConsentScopes(auth, consent, scopes);
      if (!updated) throw new AuthError(OAUTH_PROVIDER_ERRORS.consentNotFound);
      emitEvent(ctx, 'oauth-consent-updated', {
        userId: session.user.id,
        actorUserId: session.user.id,
        detail: { clientId: consent.clientId, scopes: scopes.join(' ') },
      });
      return withLastUse(auth, updated);
    },
  });
}
