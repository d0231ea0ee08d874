/**
 * @module POST /admin/impersonate-user {userId}: signs the admin in as another user, for
 * impersonationSessionDuration seconds, with a session that names the admin in `impersonatedBy`.
 * The admin's own session is stashed by the engine in a signed cookie so /admin/stop-impersonating
 * can restore it; the ban hook refuses to impersonate a banned user, as it refuses them any session.
 * An admin (an admin role, or a configured admin user id) is impersonated only by a caller whose
 * roles grant `user:impersonate-admins`, which the default admin role does not: else better-auth
 * 1.7's 403 `YOU_CANNOT_IMPERSONATE_ADMINS`; nor is anyone holding a permission the caller lacks
 * (reach.ts).
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  createSession,
  defineEndpoint,
  emitEvent,
  stashSession,
  toSessionResponse,
  sessionWithUserResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';

const body = z.object({ userId: z.string().min(1) });

/** better-auth's cookie for the admin's own session while impersonating: `latchkey.admin_session`. */
export const ADMIN_SESSION_COOKIE = 'admin_session';

export function impersonateUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'impersonateUser',
    method: 'POST',
    path: '/admin/impersonate-user',
    summary: 'Impersonate a user (admin)',
    response: sessionWithUserResponse,
    errors: [
      ADMIN_ERRORS.notAllowedToImpersonateUsers,
      ERRORS.userNotFound,
      ADMIN_ERRORS.cannotImpersonateAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler(ctx) {
      const { auth, body, session } = ctx;
      requirePermission(options, session, { user: ['impersonate'] }, ADMIN_ERRORS.notAllowedToImpersonateUsers);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // Impersonating is acting with all the target's permissions: an admin needs
      // `impersonate-admins` (better-auth's answer), anyone else no more permissions than the caller's
      // (else a role holding only `user:impersonate` borrows a set-role holder and makes itself admin).
      requireReach(options, session.user, target, ['user', 'impersonate'], ADMIN_ERRORS.cannotImpersonateAdmins);
      // "Don't remember", as in better-auth: the session is never slid forward by get-session, so it
      // ends impersonationSessionDuration after it began, and its cookie ends with the browser.
      const impersonation = await createSession(ctx, target, {
        dontRemember: true,
        expiresIn: options.impersonationSessionDuration,
        fields: { impersonatedBy: session.user.id },
      });
      // The admin's session, kept so /admin/stop-impersonating can restore it as it was.
      stashSession(ctx, ADMIN_SESSION_COOKIE, session);
      emitEvent(ctx, 'impersonation-started', { userId: target.id, actorUserId: session.user.id });
      return toSessionResponse(impersonation);
    },
  });
}
