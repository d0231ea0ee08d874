/**
 * @module POST /revoke-other-sessions: ends every session of the caller but this one.
 */
import { defineEndpoint } from '../endpoint/define-endpoint';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

export const revokeOtherSessions = defineEndpoint({
  id: 'revokeOtherSessions',
  method: 'POST',
  path: '/revoke-other-sessions',
  summary: 'Sign out every other session',
  response: statusResponse,
  session: 'required',
  async handler({ auth, session, headers, clientIp }) {
    await auth.sessions.deleteByUser(session.user.id, session.session.id);
    const userId = session.user.id;
    emitEvent({ auth, headers, clientIp }, 'session-revoked', {
      method: 'revoke-other-sessions',
      userId,
      actorUserId: userId,
    });
    return { status: true };
  },
});
