/**
 * @module GET /get-session: the hot path. `null` (status 200) when there is no valid session.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { readCurrentSession, toSessionResponse } from './current-session';
import { queryBoolean } from '../validation/fields';
import { sessionWithUserResponse } from '../endpoint/responses';

const query = z.object({
  disableCookieCache: queryBoolean.optional(),
  disableRefresh: queryBoolean.optional(),
});

export const getSession = defineEndpoint({
  id: 'getSession',
  method: 'GET',
  path: '/get-session',
  summary: 'Get the current session',
  response: sessionWithUserResponse.nullable(),
  query,
  async handler({ auth, query, requestCookies, cookies }) {
    const current = await readCurrentSession(auth, requestCookies, cookies, query);
    return current ? toSessionResponse(current) : null;
  },
});
