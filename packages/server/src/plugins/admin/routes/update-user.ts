/**
 * @module POST /admin/update-user {userId, data}: changes another user's name, image or plugin
 * columns (a username, by its plugin's rules); with `user:set-role` too, the role (set-role's
 * rules, the last admin's included); with `user:set-email` too, the e-mail address and its
 * verified flag (email-change.ts). Other keys of `data` (banned, password…) are ignored: they have
 * their own routes and checks. An empty `data` is better-auth's
 * 400 `NO_DATA_TO_UPDATE`. Answers the updated user bare, as better-auth 1.7 does.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  defineEndpoint,
  emitEvent,
  isUniqueViolation,
  type PluginHost,
  type User,
  userResponse,
} from '../../../plugin';
import { isAdminUser } from '../access-control';
import { ADMIN_ERRORS } from '../errors';
import { keepingAnAdmin, type AdminUserUpdate } from '../last-admin';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireGrantable, requireReach } from '../reach';
import { roleField, toStoredRole } from '../role-input';
import { adminSchema } from '../schema';
import { readUserData } from '../user-data';
import { readEmailChange, touchesEmail } from '../email-change';

const body = z.object({ userId: z.string().min(1), data: z.record(z.string(), z.unknown()) });

export function adminUpdateUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'adminUpdateUser',
    method: 'POST',
    path: '/admin/update-user',
    summary: 'Update a user (admin)',
    response: userResponse,
    errors: [
      ADMIN_ERRORS.notAllowedToUpdateUsers,
      ADMIN_ERRORS.noDataToUpdate,
      ADMIN_ERRORS.notAllowedToChangeRole,
      ADMIN_ERRORS.notAllowedToSetUsersEmail,
      ERRORS.invalidEmail,
      ADMIN_ERRORS.userAlreadyExistsUseAnotherEmail,
      ERRORS.userNotFound,
      ADMIN_ERRORS.notAllowedToGrantMorePermissions,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['update'] }, ADMIN_ERRORS.notAllowedToUpdateUsers);
      if (Object.keys(body.data).length === 0) throw new AuthError(ADMIN_ERRORS.noDataToUpdate);
      let role: string | undefined;
      if (Object.hasOwn(body.data, 'role')) {
        requirePermission(options, session, { user: ['set-role'] }, ADMIN_ERRORS.notAllowedToChangeRole);
        const parsed = roleField.safeParse(body.data.role);
        if (!parsed.success)
          throw new AuthError(ERRORS.invalidBody, {
            details: [{ path: 'data.role', message: parsed.error.issues[0]?.message ?? 'Invalid role' }],
          });
        role = toStoredRole(options, parsed.data);
        requireGrantable(options, session.user, role);
      }
      if (touchesEmail(body.data)) {
        requirePermission(options, session, { user: ['set-email'] }, ADMIN_ERRORS.notAllowedToSetUsersEmail);
      }
      const existing = await auth.users.findById(body.userId);
      if (!existing) throw new AuthError(ERRORS.userNotFound);
      // An admin's or a mightier user's profile (a username they sign in with) is not a lesser role's (reach.ts).
      requireReach(options, session.user, existing, ['user', 'update']);
      if (role !== undefined) requireReach(options, session.user, existing, ['user', 'set-role']);
      const patch = {
        ...(await readUserData(auth, 'updateUser', body.data, body.userId)),
        ...(await readEmailChange(auth, body.data, existing)),
      };
      if (role === undefined && Object.keys(patch).length === 0) return existing;
      try {
        const user =
          role === undefined
            ? await adminSchema.updateUser(auth, body.userId, { ...patch, updatedAt: auth.now() } as AdminUserUpdate)
            : await updateWithRole(auth, options, body.userId, { ...patch, role });
        if (!user) throw new AuthError(ERRORS.userNotFound);
        const event = { userId: user.id, actorUserId: session.user.id };
        // The names of the fields changed, never their values (an e-mail, a name: not the log's to keep).
        emitEvent({ auth, headers, clientIp }, 'user-updated', {
          ...event,
          detail: { fields: Object.keys(body.data).sort().join(',') },
        });
        if (role !== undefined) emitEvent({ auth, headers, clientIp }, 'role-changed', { ...event, detail: { role } });
        return user;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Taken by a parallel request after the checks: the checks, run again, name it.
        await readUserData(auth, 'updateUser', body.data, body.userId);
        await readEmailChange(auth, body.data, existing);
        throw error;
      }
    },
  });
}

/** A role change goes through the last admin's lock, with the rest of the patch in the same write. */
function updateWithRole(
  auth: PluginHost,
  options: ResolvedAdminOptions,
  userId: string,
  patch: Record<string, unknown> & { role: string },
): Promise<User | null> {
  const staysAdmin = (target: { id: string }) => isAdminUser(options, { id: target.id, role: patch.role });
  return adminSchema.updateUser(auth, userId, { ...patch, updatedAt: auth.now() } as AdminUserUpdate, {
    within: keepingAnAdmin(auth, options, userId, staysAdmin),
  });
}
