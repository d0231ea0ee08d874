/**
 * @module POST /revoke-other-sessions: ends every session of the caller but this one.
 */
import { defineEndpoint } from '../endpoint';

export const revokeOtherSessions = defineEndpoint({
  id: 'revokeOtherSessions',
  method: 'POST',
  path: '/revoke-other-sessions',
  session: 'required',
  async handler({ auth, session }) {
    await auth.sessions.deleteByUser(session.user.id, session.session.id);
    return { status: true };
  },
});
