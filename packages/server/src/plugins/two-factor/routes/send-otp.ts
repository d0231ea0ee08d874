/**
 * @module POST /two-factor/send-otp {trustDevice?}: mails a six-digit code to the user of the
 * pending sign-in (or to the signed-in user), through the engine's mailer, in the language of the
 * request. Without a mailer there is no such method (OTP_NOT_CONFIGURED), and a pending sign-in of a
 * user who did not choose mailed codes gets none (OTP_NOT_ENABLED, mailed-code-choice.ts).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, requestLanguage, sendMail, statusResponse } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import { newMailedCode } from '../mailed-code';
import { assertMailedCodeAllowed } from '../mailed-code-choice';
import { TWO_FACTOR_DEFAULTS } from '../options';
import { otpMail } from '../otp-mail';
import { stepSubject, subjectKey } from '../second-step';

const body = z.object({ trustDevice: z.boolean().optional() }).optional();

export const sendOtp = defineEndpoint({
  id: 'sendTwoFactorOTP',
  method: 'POST',
  path: '/two-factor/send-otp',
  summary: 'Send a one-time code by mail',
  body,
  rateLimit: 'mail',
  errors: [
    TWO_FACTOR_ERRORS.otpNotConfigured,
    TWO_FACTOR_ERRORS.otpNotEnabled,
    TWO_FACTOR_ERRORS.invalidTwoFactorCookie,
  ],
  response: statusResponse,
  async handler(ctx) {
    const { auth } = ctx;
    const mailer = auth.mailer;
    if (!mailer) throw new AuthError(TWO_FACTOR_ERRORS.otpNotConfigured);
    const subject = await stepSubject(ctx);
    await assertMailedCodeAllowed(auth, subject);
    const code = await newMailedCode(auth, subjectKey(subject), subject.user.id);
    const minutes = Math.round(TWO_FACTOR_DEFAULTS.otpExpiresIn / 60);
    const { user } = subject;
    try {
      await sendMail(auth, mailer, {
        kind: 'two-factor-otp',
        to: { userId: user.id },
        requestLanguage: requestLanguage(ctx.headers),
        render: (language) => otpMail(user.email, user.name, code, minutes, language),
      });
    } catch (err) {
      // As better-auth: the answer does not say whether the mail left (the event does).
      auth.logger.error({ err }, 'Could not send the two-factor code');
    }
    return { status: true };
  },
});
