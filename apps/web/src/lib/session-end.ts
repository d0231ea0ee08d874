/**
 * @module Noticing that the server ended the session the app shows (revoked from another device,
 * expired, the user banned or removed) rather than the user signing out here. Any 401 answer of
 * the auth client makes the app read its session again (past the cookie cache, see `auth.tsx`); a
 * session that turns out to be gone is dropped from the cache, which empties every other answer
 * (`sync-query-cache.ts`) and makes the header show "Sign in", and the session guard sends the
 * user to sign-in with "your session ended" and the page to come back to.
 *
 * A 401 alone does not end the session: wrong credentials at sign-in and another user's
 * verification link answer 401 too. Only the server's answer to the new read decides, so such a
 * 401 costs one read and changes nothing.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionKey, useAuth, type AppAuth, type AppEndpointId, type SessionData } from './auth';

const SESSION_HASH = hashKey(sessionKey);

/** Calls after which the session is gone because the user asked for it here: not "ended". */
const ENDED_HERE: ReadonlySet<AppEndpointId> = new Set<AppEndpointId>(['signOut', 'deleteUser']);

/** Connects `auth`'s 401s and session reads to `queryClient`; returns the disconnect. */
export function watchSessionEnd({ client, sessionEnd }: AppAuth, queryClient: QueryClient): () => void {
  const stopUnauthorized = sessionEnd.onUnauthorized(() => {
    if (queryClient.getQueryData<SessionData>(sessionKey))
      void queryClient.refetchQueries({ queryKey: sessionKey, exact: true });
  });

  // Set by the app's own sign-out and account deletion, cleared by the session read that follows
  // (the success event's invalidation starts it, cancelling any read already under way).
  let endingHere = false;
  const stopEvents = client.$onSuccess((_path, _method, id) => {
    if (id && ENDED_HERE.has(id as AppEndpointId)) endingHere = true;
  });

  let signedIn = false;
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== SESSION_HASH) return;
    const now = Boolean(event.query.state.data);
    // Before the screens see the empty session (their updates are scheduled; this runs at once).
    if (now) sessionEnd.setEnded(false);
    else if (signedIn && !endingHere) sessionEnd.setEnded(true);
    signedIn = now;
    endingHere = false;
  });

  return () => {
    stopUnauthorized();
    stopEvents();
    stopWatching();
  };
}

/** Whether the server ended the session this app showed (until a session exists again). */
export function useSessionEnded(): boolean {
  const { sessionEnd } = useAuth();
  return useSyncExternalStore(sessionEnd.subscribe, () => sessionEnd.ended);
}

/** The navigation state with which the session guard tells the sign-in page why it is shown. */
export interface SignInState {
  sessionEnded?: boolean;
}

export function sessionEndedOf(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as SignInState).sessionEnded === true;
}
