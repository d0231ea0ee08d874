/**
 * @module GET /list-sessions: the user's live sessions. Only token digests are stored, so each
 * session's `token` here is its digest: a handle that /revoke-session accepts from its owner, and
 * with which nobody can sign in.
 */
import { defineEndpoint } from '../endpoint';
import { visibleSessions } from '../plugin-hooks';

export const listSessions = defineEndpoint({
  id: 'listSessions',
  method: 'GET',
  path: '/list-sessions',
  session: 'required',
  async handler({ auth, session }) {
    return visibleSessions(auth, await auth.sessions.listByUser(session.user.id, auth.now()), session);
  },
});
