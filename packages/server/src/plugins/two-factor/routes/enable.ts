/**
 * @module POST /two-factor/enable {password, issuer?, method?}: a new TOTP secret and ten backup
 * codes, answered once as better-auth does (`{method, totpURI, backupCodes}`); two-factor is on
 * only after a first code (verify-totp). `method: 'otp'` turns it on at once with mailed codes
 * (which needs the engine's mailer), and makes them a second factor of this user (also beside an
 * authenticator app: the password was given).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, randomString, DEFAULTS, verifyPassword } from '../../../plugin';
import { newBackupCodes, storedBackupCodes } from '../backup-codes';
import { TWO_FACTOR_ERRORS } from '../errors';
import { chooseMailedCodes } from '../mailed-code-choice';
import type { ResolvedTwoFactorOptions } from '../options';
import { assertPassword } from '../second-step';
import { twoFactorSchema } from '../schema';
import { newTotpSecret, totpUri } from '../totp';
import { twoFactorStore } from '../store';

const body = z.object({
  password: z.string(),
  method: z.enum(['otp', 'totp']).default('totp'),
  issuer: z.string().optional(),
});

export function enableTwoFactor(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'enableTwoFactor',
    method: 'POST',
    path: '/two-factor/enable',
    summary: 'Turn on two-factor',
    body,
    session: 'required',
    credentialChange: true,
    rateLimit: 'strict',
    errors: [ERRORS.invalidPassword, TWO_FACTOR_ERRORS.totpAlreadyEnabled, TWO_FACTOR_ERRORS.otpNotConfigured],
    response: z.object({
      method: z.enum(['otp', 'totp']),
      totpURI: z.string().optional(),
      backupCodes: z.array(z.string()).optional(),
    }),
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const user = session.user;
      await assertPassword(ctx, user, body.password, verifyPassword, ERRORS.invalidPassword);
      if (body.method === 'otp') {
        if (!auth.mailer) throw new AuthError(TWO_FACTOR_ERRORS.otpNotConfigured);
        await chooseMailedCodes(auth, user.id);
        await twoFactorSchema.updateCurrentUser(ctx, { twoFactorEnabled: true, updatedAt: auth.now() });
        emitEvent(ctx, 'two-factor-enabled', { method: 'otp', userId: user.id, actorUserId: user.id });
        return { method: 'otp' as const };
      }
      const store = twoFactorStore(auth);
      const existing = await store.find(user.id);
      if (existing?.verified) throw new AuthError(TWO_FACTOR_ERRORS.totpAlreadyEnabled);
      const secret = newTotpSecret();
      const backupCodes = newBackupCodes();
      const stored = await store.put({
        id: randomString(DEFAULTS.idLength),
        userId: user.id,
        secret,
        backupCodes: storedBackupCodes(backupCodes),
      });
      if (!stored) throw new AuthError(TWO_FACTOR_ERRORS.totpAlreadyEnabled);
      return {
        method: 'totp' as const,
        totpURI: totpUri(secret, body.issuer || options.issuer, user.email),
        backupCodes,
      };
    },
  });
}
