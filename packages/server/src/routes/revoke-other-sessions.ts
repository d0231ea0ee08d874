/**
 * @module POST /revoke-other-sessions: ends every session of the caller but this one.
 */
import { defineEndpoint } from '../endpoint';
import { statusResponse } from '../validation/responses';

export const revokeOtherSessions = defineEndpoint({
  id: 'revokeOtherSessions',
  method: 'POST',
  path: '/revoke-other-sessions',
  response: statusResponse,
  session: 'required',
  async handler({ auth, session }) {
    await auth.sessions.deleteByUser(session.user.id, session.session.id);
    return { status: true };
  },
});
