/**
 * @module POST /revoke-sessions: ends every session of the caller, this one included.
 */
import { defineEndpoint } from '../endpoint';
import { clearSessionCookies } from '../session/session-cookies';
import { emitEvent } from '../emit-event';

export const revokeSessions = defineEndpoint({
  id: 'revokeSessions',
  method: 'POST',
  path: '/revoke-sessions',
  session: 'required',
  async handler({ auth, session, cookies, headers, clientIp }) {
    await auth.sessions.deleteByUser(session.user.id);
    const userId = session.user.id;
    emitEvent({ auth, headers, clientIp }, 'session-revoked', {
      method: 'revoke-sessions',
      userId,
      actorUserId: userId,
    });
    clearSessionCookies(auth, cookies);
    return { status: true };
  },
});
