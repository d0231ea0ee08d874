/**
 * @module Reads the session past the cookie cache and makes it the cached one. The cookie cache
 * vouches for the user as they were when it was issued (up to a minute), so after a route changed
 * the signed-in user without rewriting that cache (an admin route that names oneself), a plain
 * reload would still show the old user — the header's Admin link, for one. The database read also
 * sets a fresh cache cookie, so later plain reloads agree with it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { sessionKey, useAuthClient } from './auth';

export function useReloadSession(): () => Promise<void> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return async () => {
    const fresh = await client.getSession({ query: { disableCookieCache: true } });
    if (fresh.error) return;
    // A reload the change's success event started may have read the old cookie: it must not win.
    await queryClient.cancelQueries({ queryKey: sessionKey });
    queryClient.setQueryData(sessionKey, fresh.data);
  };
}
