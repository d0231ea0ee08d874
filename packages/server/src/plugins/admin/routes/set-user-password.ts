/**
 * @module POST /admin/set-user-password {newPassword, userId}: sets another user's password
 * within the configured length bounds, creating the credential account if the user had none
 * (a social-only user can then sign in with e-mail and password). The user's sessions are kept,
 * as in better-auth. Answers {status: true}.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  checkPasswordLength,
  defineEndpoint,
  emitEvent,
  hashPassword,
  passwordField,
  statusResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';

const body = z.object({ newPassword: passwordField.min(1), userId: z.string().min(1) });

export function setUserPassword(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'setUserPassword',
    method: 'POST',
    path: '/admin/set-user-password',
    summary: "Set a user's password (admin)",
    response: statusResponse,
    errors: [
      ADMIN_ERRORS.notAllowedToSetPassword,
      ERRORS.userNotFound,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['set-password'] }, ADMIN_ERRORS.notAllowedToSetPassword);
      checkPasswordLength(auth, body.newPassword);
      // better-auth updates whatever rows match; here an unknown user is named rather than ignored.
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // A password set is a sign-in as its owner: never on someone who may do more (reach.ts).
      requireReach(options, session.user, target, ['user', 'set-password']);
      const passwordHash = await hashPassword(body.newPassword);
      await auth.accounts.setPassword(body.userId, passwordHash, auth.now());
      emitEvent({ auth, headers, clientIp }, 'password-changed', {
        method: 'admin-set-password',
        userId: body.userId,
        actorUserId: session.user.id,
      });
      return { status: true };
    },
  });
}
