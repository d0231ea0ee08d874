/**
 * @module POST /sign-out: deletes the session the cookie names and clears every session cookie.
 * Signing out without a session still succeeds: the outcome the caller wants already holds.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { readCurrentSession } from './current-session';
import { clearSessionCookies } from './session-cookies';
import { emitEvent } from '../events/emit-event';
import { sessionActorOf } from '../plugin/run-hooks';

export const signOut = defineEndpoint({
  id: 'signOut',
  method: 'POST',
  path: '/sign-out',
  summary: 'Sign out',
  response: z.object({ success: z.boolean() }),
  async handler({ auth, requestCookies, cookies, headers, clientIp }) {
    const current = await readCurrentSession(auth, requestCookies, cookies, {
      disableCookieCache: true,
      disableRefresh: true,
    });
    if (current) {
      await auth.sessions.deleteById(current.session.id, current.session.userId);
      const { userId } = current.session;
      // Read here, not by a session guard: who really signs out (an impersonating admin) is asked too.
      const actorUserId = sessionActorOf(auth, current)?.actorUserId ?? userId;
      emitEvent({ auth, headers, clientIp }, 'sign-out', { userId, actorUserId });
    }
    clearSessionCookies(auth, cookies);
    return { success: true };
  },
});
