/**
 * @module POST /admin/unban-user {userId}: lifts a ban, clearing banned, banReason and banExpires
 * (SPEC §4). Needs the same permission as banning, as in better-auth.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, userResponse } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';
import { adminSchema } from '../schema';

const body = z.object({ userId: z.string().min(1) });

export function unbanUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'unbanUser',
    method: 'POST',
    path: '/admin/unban-user',
    summary: 'Unban a user (admin)',
    response: z.object({ user: userResponse }),
    errors: [
      ADMIN_ERRORS.notAllowedToBanUsers,
      ERRORS.userNotFound,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['ban'] }, ADMIN_ERRORS.notAllowedToBanUsers);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // Lifting a ban on someone who may do more than the actor restores power the actor lacks (reach.ts).
      requireReach(options, session.user, target, ['user', 'ban']);
      // A cache issued while banned (a timed ban run out) must not keep showing the ban: the
      // engine's updateUser drops every cache of the user.
      const user = await adminSchema.updateUser(auth, body.userId, {
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: auth.now(),
      });
      if (!user) throw new AuthError(ERRORS.userNotFound);
      emitEvent({ auth, headers, clientIp }, 'user-unbanned', { userId: user.id, actorUserId: session.user.id });
      return { user };
    },
  });
}
