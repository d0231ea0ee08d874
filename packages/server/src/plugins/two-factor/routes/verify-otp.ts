/**
 * @module POST /two-factor/verify-otp {code, trustDevice?}: the mailed code, in place of a TOTP
 * code. For a signed-in user without two-factor, a right code turns it on with mailed codes as its
 * second factor (better-auth's enable with `method: 'otp'` leads here too). A pending sign-in may
 * use one only if its user chose mailed codes (mailed-code-choice.ts).
 */
import { z } from 'zod';
import { checkCredentialChange, defineEndpoint, emitEvent, tokenUserResponse } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import { checkMailedCode } from '../mailed-code';
import { assertMailedCodeAllowed, chooseMailedCodes } from '../mailed-code-choice';
import type { ResolvedTwoFactorOptions } from '../options';
import { twoFactorSchema } from '../schema';
import { checkUnderThrottle, finishStep, stepSubject, subjectKey } from '../second-step';

const body = z.object({
  code: z.string(),
  trustDevice: z.boolean().optional(),
});

export const OTP_METHOD = 'two-factor:otp';

export function verifyOtp(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'verifyTwoFactorOTP',
    method: 'POST',
    path: '/two-factor/verify-otp',
    summary: 'Verify a mailed one-time code',
    body,
    rateLimit: 'strict',
    errors: [
      TWO_FACTOR_ERRORS.invalidCode,
      TWO_FACTOR_ERRORS.otpNotEnabled,
      TWO_FACTOR_ERRORS.otpHasExpired,
      TWO_FACTOR_ERRORS.accountTemporarilyLocked,
      TWO_FACTOR_ERRORS.tooManyAttemptsRequestNewCode,
      TWO_FACTOR_ERRORS.invalidTwoFactorCookie,
    ],
    response: tokenUserResponse,
    async handler(ctx) {
      const { auth, body } = ctx;
      const subject = await stepSubject(ctx);
      // A code from a signed-in user without two-factor turns it on, as enable does: refused where
      // enable is (an impersonation session).
      if (subject.current && twoFactorSchema.user(subject.user).twoFactorEnabled !== true) {
        await checkCredentialChange(auth, subject.current);
      }
      await assertMailedCodeAllowed(auth, subject);
      await checkUnderThrottle(
        ctx,
        subject,
        OTP_METHOD,
        () => checkMailedCode(auth, subjectKey(subject), body.code),
        TWO_FACTOR_ERRORS.invalidCode,
      );
      let user = subject.user;
      // Signed in (no pending sign-in, stepSubject): the row and the browser's cookie cache change together.
      const { current } = subject;
      if (current && twoFactorSchema.user(user).twoFactorEnabled !== true) {
        // Two-factor turned on by a mailed code: mailed codes are this user's second factor. Not
        // when it is already on (an app): adding mail to an app takes enable's password.
        await chooseMailedCodes(auth, user.id);
        const changes = { twoFactorEnabled: true, updatedAt: auth.now() };
        user =
          (await twoFactorSchema.updateCurrentUser({ auth, session: current, cookies: ctx.cookies }, changes)) ?? user;
        emitEvent(ctx, 'two-factor-enabled', { method: 'otp', userId: user.id, actorUserId: user.id });
      }
      return finishStep(ctx, { ...subject, user }, OTP_METHOD, { trust: body.trustDevice, options });
    },
  });
}
