/**
 * @module POST /admin/stop-impersonating: ends the impersonation session and signs the admin back
 * in with the session impersonate-user saved, answering the admin's `{session, user}`.
 */
import {
  AuthError,
  defineEndpoint,
  emitEvent,
  readStashedSession,
  resumeStashedSession,
  toSessionResponse,
  sessionWithUserResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { adminSchema } from '../schema';
import { ADMIN_SESSION_COOKIE } from './impersonate-user';

export function stopImpersonating(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'stopImpersonating',
    method: 'POST',
    path: '/admin/stop-impersonating',
    summary: 'Stop impersonating',
    response: sessionWithUserResponse,
    errors: [ADMIN_ERRORS.notImpersonating, ADMIN_ERRORS.failedToFindAdminSession],
    session: 'required',
    async handler(ctx) {
      const { auth, session } = ctx;
      const adminId = adminSchema.session(session.session).impersonatedBy;
      if (!adminId) throw new AuthError(ADMIN_ERRORS.notImpersonating);
      const admin = await readStashedSession(ctx, ADMIN_SESSION_COOKIE);
      // The saved session must be the impersonating admin's and still alive: a cookie kept from
      // another impersonation, or a session revoked meanwhile, restores nothing.
      if (!admin || admin.current.user.id !== adminId) throw new AuthError(ADMIN_ERRORS.failedToFindAdminSession);
      await auth.sessions.deleteById(session.session.id, session.session.userId);
      resumeStashedSession(ctx, ADMIN_SESSION_COOKIE, admin);
      emitEvent(ctx, 'impersonation-stopped', { userId: session.user.id, actorUserId: adminId });
      return toSessionResponse(admin.current);
    },
  });
}
