/**
 * @module POST /two-factor/verify-totp {code, trustDevice?}: a code of the authenticator app. The
 * first one after enable turns two-factor on; one for a pending sign-in finishes it with a session.
 * Each code works once: its time step is taken in one conditional update, so a replayed code, or
 * the same code sent twice at once, is refused as a wrong one.
 */
import { z } from 'zod';
import { AuthError, checkCredentialChange, defineEndpoint, emitEvent, tokenUserResponse } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import type { ResolvedTwoFactorOptions } from '../options';
import { twoFactorSchema } from '../schema';
import { checkUnderThrottle, finishStep, stepSubject } from '../second-step';
import { totpStep } from '../totp';
import { twoFactorStore } from '../store';

const body = z.object({
  code: z.string(),
  trustDevice: z.boolean().optional(),
});

export const TOTP_METHOD = 'two-factor:totp';

export function verifyTotp(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'verifyTOTP',
    method: 'POST',
    path: '/two-factor/verify-totp',
    summary: 'Verify an authenticator app code',
    body,
    rateLimit: 'strict',
    errors: [
      TWO_FACTOR_ERRORS.invalidCode,
      TWO_FACTOR_ERRORS.totpNotEnabled,
      TWO_FACTOR_ERRORS.tooManyAttemptsRequestNewCode,
      TWO_FACTOR_ERRORS.accountTemporarilyLocked,
      TWO_FACTOR_ERRORS.invalidTwoFactorCookie,
    ],
    response: tokenUserResponse,
    async handler(ctx) {
      const { auth, body } = ctx;
      const subject = await stepSubject(ctx);
      const store = twoFactorStore(auth);
      const row = await store.find(subject.user.id);
      // A pending sign-in may not use a secret never confirmed (an abandoned enable).
      if (!row || (subject.challenge && !row.verified)) throw new AuthError(TWO_FACTOR_ERRORS.totpNotEnabled);
      // The first code turns two-factor on, as enable does: refused where enable is (an impersonation session).
      if (subject.current && !row.verified) await checkCredentialChange(auth, subject.current);
      await checkUnderThrottle(
        ctx,
        subject,
        TOTP_METHOD,
        async () => {
          const step = totpStep(row.secret, body.code.trim(), auth.now());
          return step !== null && (await store.takeTotpStep(row.id, step));
        },
        TWO_FACTOR_ERRORS.invalidCode,
      );
      let user = subject.user;
      // An unverified row is a signed-in user's (a pending sign-in was refused above): the row and
      // the browser's cookie cache change together.
      const { current } = subject;
      if (!row.verified && current) {
        await store.markVerified(row.id);
        const changes = { twoFactorEnabled: true, updatedAt: auth.now() };
        user =
          (await twoFactorSchema.updateCurrentUser({ auth, session: current, cookies: ctx.cookies }, changes)) ?? user;
        emitEvent(ctx, 'two-factor-enabled', { method: 'totp', userId: user.id, actorUserId: user.id });
      }
      return finishStep(ctx, { ...subject, user }, TOTP_METHOD, { trust: body.trustDevice, options });
    },
  });
}
