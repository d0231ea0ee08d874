/**
 * @module POST /admin/list-user-sessions {userId}: a user's live sessions, in better-auth's shape
 * `{sessions}`. Each `token` is the stored digest, never a usable token: an admin can revoke a
 * session with it (revoke-user-session) but not sign in as its owner. Each with the place of its IP
 * address (`location`), as in the user's own list.
 */
import { z } from 'zod';
import { defineEndpoint, listedSessionResponse, requestLanguage, withLocations } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({ userId: z.string().min(1) });

export function listUserSessions(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'listUserSessions',
    method: 'POST',
    path: '/admin/list-user-sessions',
    summary: "List a user's sessions (admin)",
    response: z.object({ sessions: z.array(listedSessionResponse) }),
    errors: [ADMIN_ERRORS.notAllowedToListSessions],
    body,
    session: 'required',
    async handler({ auth, body, session, headers }) {
      requirePermission(options, session, { session: ['list'] }, ADMIN_ERRORS.notAllowedToListSessions);
      // Impersonation sessions included: unlike the user's own list, the admin's shows everything.
      const sessions = await auth.sessions.listByUser(body.userId, auth.now());
      return { sessions: withLocations(auth.options.ipLocation, requestLanguage(headers), sessions) };
    },
  });
}
