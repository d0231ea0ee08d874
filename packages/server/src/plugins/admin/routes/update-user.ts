/**
 * @module POST /admin/update-user {userId, data}: changes another user's name, image or plugin
 * columns (a username, by its plugin's rules) and, with `user:set-role` too, the role (set-role's
 * rules). Other keys of `data` (email, emailVerified, banned, password…) are ignored: they have
 * their own routes and checks. Answers the updated user bare, as better-auth 1.7 does.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, isUniqueViolation } from '../../../plugin-api';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { roleField, toStoredRole } from '../role-input';
import { readUserData } from '../user-data';

const body = z.object({ userId: z.string().min(1), data: z.record(z.string(), z.unknown()) });

export function adminUpdateUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'adminUpdateUser',
    method: 'POST',
    path: '/admin/update-user',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      requirePermission(options, session, { user: ['update'] }, ADMIN_ERRORS.notAllowedToUpdateUsers);
      const patch: Record<string, unknown> = {};
      if (Object.hasOwn(body.data, 'role')) {
        requirePermission(options, session, { user: ['set-role'] }, ADMIN_ERRORS.notAllowedToChangeRole);
        const role = roleField.safeParse(body.data.role);
        if (!role.success) throw new AuthError(ERRORS.invalidBody, { details: [{ path: 'data.role', message: role.error.issues[0]?.message ?? 'Invalid role' }] });
        patch.role = toStoredRole(options, role.data);
      }
      const existing = await auth.users.findById(body.userId);
      if (!existing) throw new AuthError(ERRORS.userNotFound);
      Object.assign(patch, await readUserData(auth, 'updateUser', body.data, body.userId));
      if (Object.keys(patch).length === 0) return existing;
      try {
        const user = await auth.users.update(body.userId, { ...patch, updatedAt: auth.now() });
        if (!user) throw new AuthError(ERRORS.userNotFound);
        return user;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Taken by a parallel request after the plugin's check: the check, run again, names it.
        await readUserData(auth, 'updateUser', body.data, body.userId);
        throw error;
      }
    },
  });
}
