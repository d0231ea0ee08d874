/**
 * @module POST /link-social {provider, callbackURL, errorCallbackURL}: asks the server for the
 * provider's authorization URL, and the client follows it. The provider's answer comes back to the
 * linked accounts page, with `?error=…` when linking failed (the identity is already another
 * user's, say), and `provider=…` so that the page can name it. A path, not a URL: the server serves
 * this app, so it passes the redirect check.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export const LINKED_ACCOUNTS_PATH = '/account/linked';

export function useLinkSocial() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (provider: string) =>
      unwrap(
        client.linkSocial({
          provider,
          callbackURL: LINKED_ACCOUNTS_PATH,
          errorCallbackURL: `${LINKED_ACCOUNTS_PATH}?${new URLSearchParams({ provider })}`,
        }),
      ),
  });
}
