/**
 * @module GET /oauth2/get-consent?id=: one of the signed-in user's consents. Another user's answers
 * 404 as an unknown id does (better-auth answers 401 there, which confirms that the id exists).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { consentResponse } from '../consents/consent-response';
import { withLastUse } from '../consents/last-use';
import { findConsentOf } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

const query = z.object({ id: z.string().min(1) });

export function getOAuthConsent() {
  return defineEndpoint({
    id: 'getOAuthConsent',
    method: 'GET',
    path: '/oauth2/get-consent',
    summary: "Get one of the user's consents",
    query,
    response: consentResponse,
    errors: [OAUTH_PROVIDER_ERRORS.consentNotFound],
    session: 'required',
    async handler({ auth, query, session }) {
      const consent = await findConsentOf(auth, query.id, session.user.id);
      if (!consent) throw new AuthError(OAUTH_PROVIDER_ERRORS.consentNotFound);
      return withLastUse(auth, consent);
    },
  });
}
