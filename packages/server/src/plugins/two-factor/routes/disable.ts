/**
 * @module POST /two-factor/disable {password}: two-factor off, its secret and backup codes
 * deleted, and every browser trusted for the user forgotten.
 */
import { z } from 'zod';
import { ERRORS, defineEndpoint, emitEvent, statusResponse, verifyPassword } from '../../../plugin';
import { assertPassword } from '../second-step';
import { forgetMailedCodes } from '../mailed-code-choice';
import { clearTrustedDeviceCookie, forgetTrustedDevices } from '../trusted-device';
import { twoFactorSchema } from '../schema';
import { twoFactorStore } from '../store';

const body = z.object({ password: z.string() });

export const disableTwoFactor = defineEndpoint({
  id: 'disableTwoFactor',
  method: 'POST',
  path: '/two-factor/disable',
  summary: 'Turn off two-factor',
  body,
  session: 'required',
  credentialChange: true,
  // A cached session could outlive its revocation by a minute: not for turning protection off.
  sessionFromDatabase: true,
  rateLimit: 'strict',
  errors: [ERRORS.invalidPassword],
  response: statusResponse,
  async handler(ctx) {
    const { auth, body, session } = ctx;
    const user = session.user;
    await assertPassword(ctx, user, body.password, verifyPassword, ERRORS.invalidPassword);
    await twoFactorStore(auth).delete(user.id);
    await forgetMailedCodes(auth, user.id);
    await twoFactorSchema.updateCurrentUser(ctx, { twoFactorEnabled: false, updatedAt: auth.now() });
    await forgetTrustedDevices(auth, user.id);
    clearTrustedDeviceCookie(ctx);
    emitEvent(ctx, 'two-factor-disabled', { userId: user.id, actorUserId: user.id });
    return { status: true };
  },
});
