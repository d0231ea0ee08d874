/**
 * @module POST /two-factor/generate-backup-codes {password}: ten new backup codes, the old ones
 * void; answered once (`{status, backupCodes}`), only their digests kept.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, verifyPassword } from '../../../plugin';
import { newBackupCodes, storedBackupCodes } from '../backup-codes';
import { TWO_FACTOR_ERRORS } from '../errors';
import { twoFactorSchema } from '../schema';
import { assertPassword } from '../second-step';
import { twoFactorStore } from '../store';

const body = z.object({ password: z.string() });

export const generateBackupCodes = defineEndpoint({
  id: 'generateBackupCodes',
  method: 'POST',
  path: '/two-factor/generate-backup-codes',
  summary: 'Generate new backup codes',
  body,
  session: 'required',
  credentialChange: true,
  rateLimit: 'strict',
  errors: [ERRORS.invalidPassword, TWO_FACTOR_ERRORS.twoFactorNotEnabled],
  response: z.object({ status: z.literal(true), backupCodes: z.array(z.string()) }),
  async handler(ctx) {
    const { auth, body, session } = ctx;
    const user = await auth.users.findById(session.user.id);
    if (!user || twoFactorSchema.user(user).twoFactorEnabled !== true) {
      throw new AuthError(TWO_FACTOR_ERRORS.twoFactorNotEnabled);
    }
    await assertPassword(ctx, user, body.password, verifyPassword, ERRORS.invalidPassword);
    const store = twoFactorStore(auth);
    const row = await store.find(user.id);
    if (!row) throw new AuthError(TWO_FACTOR_ERRORS.twoFactorNotEnabled);
    const backupCodes = newBackupCodes();
    await store.setBackupCodes(row.id, storedBackupCodes(backupCodes));
    emitEvent(ctx, 'backup-codes-generated', { userId: user.id, actorUserId: user.id });
    return { status: true as const, backupCodes };
  },
});
