/**
 * @module The oauth-provider plugin's entries of the error catalogue: the answers of the routes the
 * web app calls (consent and client management), with `@better-auth/oauth-provider` 1.7's
 * `error_description` texts as messages. The protocol routes answer RFC 6749 errors instead
 * (oauth-error.ts).
 */
import { defineErrors } from '../../plugin';

export const OAUTH_PROVIDER_ERRORS = defineErrors({
  // An unknown consent, and another user's: telling them apart would confirm that an id exists.
  consentNotFound: [404, 'no consent'],
  clientNotFound: [404, 'client not found'],
  // A consent may hold only scopes its client may ask for.
  scopesNotAllowed: [400, 'unable to provide scopes to this client'],
});
