/**
 * @module POST /admin/ban-user {userId, banReason?, banExpiresIn?}: bans a user, for banExpiresIn
 * seconds or for good, and ends every session the user has. The ban itself is enforced where
 * sessions are created (hooks.ts). The last admin whose ban does not hold cannot be banned
 * (last-admin.ts).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, userResponse } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import { keepingAnAdmin } from '../last-admin';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';
import { requireReach } from '../reach';
import { adminSchema } from '../schema';

const body = z.object({
  userId: z.string().min(1),
  banReason: z.string().optional(),
  /** Seconds; absent, the ban has no end. */
  banExpiresIn: z.number().int().positive().optional(),
});

export function banUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'banUser',
    method: 'POST',
    path: '/admin/ban-user',
    summary: 'Ban a user (admin)',
    response: z.object({ user: userResponse }),
    errors: [
      ADMIN_ERRORS.notAllowedToBanUsers,
      ERRORS.userNotFound,
      ADMIN_ERRORS.cannotBanYourself,
      ADMIN_ERRORS.notAllowedToActOnAdmins,
      ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['ban'] }, ADMIN_ERRORS.notAllowedToBanUsers);
      // better-auth's order: an unknown user is 404 before the self-ban check.
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      if (body.userId === session.user.id) throw new AuthError(ADMIN_ERRORS.cannotBanYourself);
      // A ban locks out whoever could undo it or act above the banner (reach.ts).
      requireReach(options, session.user, target, ['user', 'ban']);
      const now = auth.now();
      const ban = {
        banned: true,
        // An empty reason is no reason, as better-auth reads it (`banReason || default`).
        banReason: body.banReason || options.defaultBanReason,
        banExpires: body.banExpiresIn === undefined ? null : new Date(now.getTime() + body.banExpiresIn * 1000),
        updatedAt: now,
      };
      const user = await adminSchema.updateUser(auth, body.userId, ban, {
        within: keepingAnAdmin(auth, options, body.userId, () => false),
      });
      if (!user) throw new AuthError(ERRORS.userNotFound);
      // Sessions already issued would outlive the ban check, which runs only at session creation.
      await auth.sessions.deleteByUser(user.id);
      emitEvent({ auth, headers, clientIp }, 'user-banned', {
        userId: user.id,
        actorUserId: session.user.id,
        detail: { reason: ban.banReason, expiresAt: ban.banExpires?.toISOString() ?? null },
      });
      return { user };
    },
  });
}
