/**
 * @module POST /admin/revoke-user-session {sessionToken}: ends any user's session, named by its
 * token or by the digest list-user-sessions shows. Answers `{success: true}` whether or not such a
 * session existed, as better-auth does.
 */
import { z } from 'zod';
import { clearSessionCookies, defineEndpoint, emitEvent, sha256Hex } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';

const body = z.object({ sessionToken: z.string().min(1).max(256) });

export function revokeUserSession(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'revokeUserSession',
    method: 'POST',
    path: '/admin/revoke-user-session',
    summary: 'Revoke one session of a user (admin)',
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
      const digest = sha256Hex(body.sessionToken);
      // The session's owner is the target: revoking an admin's session needs the reach (reach.ts).
      for (const named of [digest, body.sessionToken]) {
        const found = await auth.sessions.findWithUserByDigest(named);
        if (found) requireReach(options, session.user, found.user, ['session', 'revoke']);
      }
      const owners = await auth.sessions.deleteByDigests([digest, body.sessionToken]);
      for (const userId of owners) {
        emitEvent({ auth, headers, clientIp }, 'session-revoked', {
          method: 'admin-revoke-session',
          userId,
          actorUserId: session.user.id,
        });
      }
      // An admin who revokes the session in use is signed out, as with /revoke-session.
      if (digest === session.session.token || body.sessionToken === session.session.token)
        clearSessionCookies(auth, cookies);
      return { success: true };
    },
  });
}
