/**
 * @module POST /revoke-sessions: ends every session of the caller, this one included.
 */
import { defineEndpoint } from '../endpoint/define-endpoint';
import { clearSessionCookies } from './session-cookies';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

export const revokeSessions = defineEndpoint({
  id: 'revokeSessions',
  method: 'POST',
  path: '/revoke-sessions',
  summary: 'Revoke every session',
  response: statusResponse,
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
