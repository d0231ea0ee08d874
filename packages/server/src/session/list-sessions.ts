/**
 * @module GET /list-sessions: the user's live sessions. Only token digests are stored, so each
 * other session's `token` here is its digest: a handle that /revoke-session accepts from its owner,
 * and with which nobody can sign in. The caller's own session shows the token the caller already
 * holds, as get-session does, so an application marks "this device" by comparing the two. Each
 * carries the place of its IP address (`location`, ip-location.ts), null without a GeoIP database.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { visibleSessions } from '../plugin/run-hooks';
import { listedSessionResponse } from '../endpoint/responses';
import { requestLanguage } from '../i18n/request-language';
import { withLocations } from '../ip-location/ip-location';

export const listSessions = defineEndpoint({
  id: 'listSessions',
  method: 'GET',
  path: '/list-sessions',
  summary: "List the user's sessions",
  response: z.array(listedSessionResponse),
  session: 'required',
  async handler({ auth, session, headers }) {
    const sessions = await visibleSessions(auth, await auth.sessions.listByUser(session.user.id, auth.now()), session);
    return withLocations(auth.options.ipLocation, requestLanguage(headers), sessions).map((listed) =>
      listed.id === session.session.id ? { ...listed, token: session.token } : listed,
    );
  },
});
