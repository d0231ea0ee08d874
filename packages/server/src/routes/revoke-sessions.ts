/**
 * @module POST /revoke-sessions: ends every session of the caller, this one included.
 */
import { defineEndpoint } from '../endpoint';
import { clearSessionCookies } from '../session/session-cookies';
import { statusResponse } from '../validation/responses';

export const revokeSessions = defineEndpoint({
  id: 'revokeSessions',
  method: 'POST',
  path: '/revoke-sessions',
  response: statusResponse,
  session: 'required',
  async handler({ auth, session, cookies }) {
    await auth.sessions.deleteByUser(session.user.id);
    clearSessionCookies(auth, cookies);
    return { status: true };
  },
});
