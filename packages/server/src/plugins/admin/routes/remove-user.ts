/**
 * @module POST /admin/remove-user {userId}: deletes a user with everything that names it —
 * sessions and accounts (foreign keys cascade) and pending one-time tokens, as account deletion
 * does — but leaves the admin's own cookies alone. As better-auth 1.7, an admin cannot remove
 * themself here (400 `You cannot remove yourself`); POST /delete-user is the way for that. The
 * last admin cannot be removed (last-admin.ts).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, removeUser as removeUserAccount } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';

const body = z.object({ userId: z.string().min(1) });

export function removeUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'removeUser',
    method: 'POST',
    path: '/admin/remove-user',
    summary: 'Delete a user (admin)',
    response: z.object({ success: z.boolean() }),
    errors: [
      ADMIN_ERRORS.notAllowedToDeleteUsers,
      ADMIN_ERRORS.cannotRemoveYourself,
      ERRORS.userNotFound,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['delete'] }, ADMIN_ERRORS.notAllowedToDeleteUsers);
      if (body.userId === session.user.id) throw new AuthError(ADMIN_ERRORS.cannotRemoveYourself);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // Removing an admin, or anyone who may do more, is not a lesser role's to do (reach.ts).
      requireReach(options, session.user, target, ['user', 'delete']);
      // The engine's account deletion, guarded by this plugin's guardUserDeletion hook (the last admin
      // stays), with the cookie caches and one-time tokens that name the user.
      if (!(await removeUserAccount(auth, body.userId))) throw new AuthError(ERRORS.userNotFound);
      emitEvent({ auth, headers, clientIp }, 'user-removed', { userId: body.userId, actorUserId: session.user.id });
      return { success: true };
    },
  });
}
