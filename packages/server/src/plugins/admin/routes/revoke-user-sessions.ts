/**
 * @module POST /admin/revoke-user-sessions {userId}: ends every session of a user.
 */
import { z } from 'zod';
import { clearSessionCookies, defineEndpoint, emitEvent } from '../../../plugin';
import { requireReach } from '../reach';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({ userId: z.string().min(1) });

export function revokeUserSessions(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'revokeUserSessions',
    method: 'POST',
    path: '/admin/revoke-user-sessions',
    summary: 'Revoke every session of a user (admin)',
    response: z.object({ success: z.boolean() }),
    errors: [
      ADMIN_ERRORS.notAllowedToRevokeSessions,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      requirePermission(options, session, { session: ['revoke'] }, ADMIN_ERRORS.notAllowedToRevokeSessions);
      // An unknown user has no sessions: nothing is revoked, as before (better-auth answers success).
      const target = await auth.users.findById(body.userId);
      // Signing an admin out everywhere, again and again, keeps them from acting (reach.ts).
      if (target) requireReach(options, session.user, target, ['session', 'revoke']);
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
