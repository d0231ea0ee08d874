/**
 * @module POST /admin/reset-user-two-factor {userId}: an administrator turns a user's two-factor
 * off (a lost phone and no backup codes left): the secret and backup codes deleted, the flag off,
 * every trusted browser forgotten. Nothing else ends: the user's sessions stay, and the next
 * sign-in needs the password only. Latchkey's own route; who may call it is the host's decision
 * (`mayResetUserTwoFactor`), as this plugin knows nothing of platform roles. Audited as
 * `two-factor-reset`, with the administrator as actor. Not one's own: that takes the password.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import type { ResolvedTwoFactorOptions } from '../options';
import { forgetMailedCodes } from '../mailed-code-choice';
import { twoFactorSchema } from '../schema';
import { forgetTrustedDevices } from '../trusted-device';
import { twoFactorStore } from '../store';

const body = z.object({ userId: z.string().min(1).max(255) });

export function resetUserTwoFactor(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'resetUserTwoFactor',
    method: 'POST',
    path: '/admin/reset-user-two-factor',
    summary: "Turn off a user's two-factor (admin)",
    body,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    errors: [
      TWO_FACTOR_ERRORS.notAllowedToResetTwoFactor,
      TWO_FACTOR_ERRORS.cannotResetOwnTwoFactor,
      ERRORS.userNotFound,
      TWO_FACTOR_ERRORS.notAllowedToResetThisUsersTwoFactor,
    ],
    response: statusResponse,
    async handler(ctx) {
      const { auth, body, session } = ctx;
      if (!(await options.mayResetUserTwoFactor(session.user, auth))) {
        throw new AuthError(TWO_FACTOR_ERRORS.notAllowedToResetTwoFactor);
      }
      if (body.userId === session.user.id) throw new AuthError(TWO_FACTOR_ERRORS.cannotResetOwnTwoFactor);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // Without the second factor, a password set by the same hand signs in as an admin: the host's
      // reach rule decides whom this caller may strip of it.
      if (!(await options.mayResetTwoFactorOf(session.user, target, auth))) {
        throw new AuthError(TWO_FACTOR_ERRORS.notAllowedToResetThisUsersTwoFactor);
      }
      await twoFactorStore(auth).delete(body.userId);
      await forgetMailedCodes(auth, body.userId);
      // Through the engine, which drops the user's cookie caches: their browsers show it off at once.
      await twoFactorSchema.updateUser(auth, body.userId, { twoFactorEnabled: false, updatedAt: auth.now() });
      await forgetTrustedDevices(auth, body.userId);
      emitEvent(ctx, 'two-factor-reset', { userId: body.userId, actorUserId: session.user.id });
      return { status: true };
    },
  });
}
