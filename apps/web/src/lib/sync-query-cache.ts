/**
 * @module The one cache: TanStack Query holds every answer the app shows (the session and the
 * organization list included), and the auth client's success events keep it fresh. After each
 * call that succeeds, the keys its rule names are invalidated (a screen on view reloads them at
 * once, others when next shown), so no screen refreshes another's data by hand. When the session
 * turns out to be someone else's (sign-out, another sign-in, impersonation and its end), every
 * other answer is dropped: one user's lists must never be shown to the next.
 */
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { sessionKey, type AppClient, type AppEndpointId, type SessionData } from './auth';

/** For each endpoint, by id (as the client's refresh rules are keyed), the cached answers its success makes stale (by key prefix). */
export type StaleAfter = { readonly [Id in AppEndpointId]?: readonly QueryKey[] };

/** Who the browser acts as: the user, and the admin behind an impersonation. */
function identityOf(session: SessionData | undefined): string {
  return session ? `${session.user.id}/${session.session.impersonatedBy ?? ''}` : '';
}

const SESSION_HASH = hashKey(sessionKey);

function isSessionQuery(query: Query): boolean {
  return query.queryHash === SESSION_HASH;
}

/** Connects `client` to `queryClient`; returns the disconnect. */
export function syncQueryCache(client: AppClient, queryClient: QueryClient, staleAfter: StaleAfter): () => void {
  const stopEvents = client.$onSuccess((_path, _method, id) => {
    for (const queryKey of (id && staleAfter[id as AppEndpointId]) || [])
      void queryClient.invalidateQueries({ queryKey });
  });

  let identity: string | undefined;
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSessionQuery(event.query)) return;
    const next = identityOf(event.query.state.data as SessionData | undefined);
    // Reset rather than removed: screens on view lose the old answers at once and load their own.
    if (identity !== undefined && next !== identity)
      void queryClient.resetQueries({ predicate: (query) => !isSessionQuery(query) });
    identity = next;
  });

  return () => {
    stopEvents();
    stopWatching();
  };
}
