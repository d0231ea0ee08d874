/**
 * @module POST /admin/revoke-user-sessions {userId}: ends every session of a user.
 */
import { z } from 'zod';
import { clearSessionCookies, defineEndpoint, emitEvent } from '../../../plugin-api';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({ userId: z.string().min(1) });

export function revokeUserSessions(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'revokeUserSessions',
    method: 'POST',
    path: '/admin/revoke-user-sessions',
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      requirePermission(options, session, { session: ['revoke'] }, ADMIN_ERRORS.notAllowedToRevokeSessions);
      await auth.sessions.deleteByUser(body.userId);
      emitEvent({ auth, headers, clientIp }, 'session-revoked', {
        method: 'admin-revoke-sessions',
        userId: body.userId,
        actorUserId: session.user.id,
      });
      if (body.userId === session.user.id) clearSessionCookies(auth, cookies);
      return { success: true };
    },
  });
}
