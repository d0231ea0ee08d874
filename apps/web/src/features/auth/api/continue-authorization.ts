/**
 * @module POST /oauth2/continue {postLogin: true, oauth_query}: someone already signed in opened
 * the sign-in page of an application's authorization request and goes on as who they are. The
 * server answers the request's next page (consent, or the application with its code), which the
 * client follows.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function continueAuthorization(client: AppClient, oauthQuery: string) {
  return unwrap(client.oauth2.continue({ postLogin: true, oauth_query: oauthQuery }));
}
