/**
 * @module POST /admin/set-role {userId, role}: gives a user one role or several (an array, stored
 * comma-joined). Every role must be in the roles table, else 400 `Role not found`. Answers {user}.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint } from '../../../plugin-api';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { roleField, toStoredRole } from '../role-input';

const body = z.object({ userId: z.string().min(1), role: roleField });

export function setRole(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'setRole',
    method: 'POST',
    path: '/admin/set-role',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      requirePermission(options, session, { user: ['set-role'] }, ADMIN_ERRORS.notAllowedToChangeRole);
      // better-auth's order: the roles are checked before the user is looked up.
      const role = toStoredRole(options, body.role);
      if (!(await auth.users.findById(body.userId))) throw new AuthError(ERRORS.userNotFound);
      const user = await auth.users.update(body.userId, { role, updatedAt: auth.now() });
      if (!user) throw new AuthError(ERRORS.userNotFound);
      return { user };
    },
  });
}
