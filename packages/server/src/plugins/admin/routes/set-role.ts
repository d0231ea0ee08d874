/**
 * @module POST /admin/set-role {userId, role}: gives a user one role or several (an array, stored
 * comma-joined). Every role must be in the roles table, else better-auth's 400
 * `YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE`; the last admin keeps an admin role
 * (last-admin.ts). Answers {user}.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, userResponse } from '../../../plugin';
import { isAdminUser } from '../access-control';
import { ADMIN_ERRORS } from '../errors';
import { keepingAnAdmin } from '../last-admin';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireGrantable, requireReach } from '../reach';
import { roleField, toStoredRole } from '../role-input';
import { adminSchema } from '../schema';

const body = z.object({ userId: z.string().min(1), role: roleField });

export function setRole(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'setRole',
    method: 'POST',
    path: '/admin/set-role',
    summary: "Set a user's role (admin)",
    response: z.object({ user: userResponse }),
    errors: [
      ADMIN_ERRORS.notAllowedToChangeRole,
      ERRORS.userNotFound,
      ADMIN_ERRORS.notAllowedToGrantMorePermissions,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['set-role'] }, ADMIN_ERRORS.notAllowedToChangeRole);
      // better-auth's order: the roles are checked before the user is looked up.
      const role = toStoredRole(options, body.role);
      // Neither give more than one holds, nor demote someone who may do more (reach.ts).
      requireGrantable(options, session.user, role);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      requireReach(options, session.user, target, ['user', 'set-role']);
      const staysAdmin = (target: { id: string }) => isAdminUser(options, { id: target.id, role });
      const user = await adminSchema.updateUser(
        auth,
        body.userId,
        { role, updatedAt: auth.now() },
        { within: keepingAnAdmin(auth, options, body.userId, staysAdmin) },
      );
      if (!user) throw new AuthError(ERRORS.userNotFound);
      emitEvent({ auth, headers, clientIp }, 'role-changed', {
        userId: user.id,
        actorUserId: session.user.id,
        detail: { role },
      });
      return { user };
    },
  });
}
