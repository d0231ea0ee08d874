/**
 * @module POST /oauth2/consent {accept, oauth_query}: the user's answer to an application's
 * request. Either way the server answers `{redirect: true, url}`: the application's address with
 * its code, or with `error=access_denied`, which the client follows.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useAnswerConsent(oauthQuery: string) {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (accept: boolean) => unwrap(client.oauth2.consent({ accept, oauth_query: oauthQuery })),
  });
}
