/**
 * @module POST /admin/remove-user {userId}: deletes a user with everything that names it —
 * sessions and accounts (foreign keys cascade) and pending one-time tokens, as account deletion
 * does — but leaves the admin's own cookies alone. As better-auth 1.7, an admin cannot remove
 * themself here (400 `You cannot remove yourself`); POST /delete-user is the way for that. The
 * last admin cannot be removed (last-admin.ts).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import { deleteKeepingAnAdmin } from '../last-admin';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';

const body = z.object({ userId: z.string().min(1) });

export function removeUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'removeUser',
    method: 'POST',
    path: '/admin/remove-user',
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
      if (!(await deleteKeepingAnAdmin(auth, options, body.userId))) throw new AuthError(ERRORS.userNotFound);
      // Deleted here rather than through the user store, inside the lock: its cookie caches must
      // stop being believed all the same (session/revocations.ts).
      await auth.revocations.revokeUser(body.userId);
      // After the row is gone, so a token issued while the deletion ran dies too.
      await auth.verifications.deleteForUser(body.userId);
      emitEvent({ auth, headers, clientIp }, 'user-removed', { userId: body.userId, actorUserId: session.user.id });
      return { success: true };
    },
  });
}
