/**
 * @module POST /two-factor/get-totp-uri {password}: the otpauth:// URI again (to add the account to
 * another authenticator app), after the password.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, verifyPassword } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import type { ResolvedTwoFactorOptions } from '../options';
import { assertPassword } from '../second-step';
import { totpUri } from '../totp';
import { twoFactorStore } from '../store';

const body = z.object({ password: z.string() });

export function getTotpUri(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'getTOTPURI',
    method: 'POST',
    path: '/two-factor/get-totp-uri',
    summary: 'Get the authenticator app URI',
    body,
    session: 'required',
    credentialChange: true,
    rateLimit: 'strict',
    errors: [ERRORS.invalidPassword, TWO_FACTOR_ERRORS.totpNotEnabled],
    response: z.object({ totpURI: z.string() }),
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const row = await twoFactorStore(auth).find(session.user.id);
      if (!row) throw new AuthError(TWO_FACTOR_ERRORS.totpNotEnabled);
      await assertPassword(ctx, session.user, body.password, verifyPassword, ERRORS.invalidPassword);
      return { totpURI: totpUri(row.secret, options.issuer, session.user.email) };
    },
  });
}
