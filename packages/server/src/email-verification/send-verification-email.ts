/**
 * @module POST /send-verification-email {email, callbackURL?}: mails a verification link to an
 * existing, unverified address. Every other address gets the same `{status: true}` from an
 * anonymous caller and nothing is sent, so the route cannot be used to find out which addresses
 * have accounts.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { readCurrentSession } from '../session/current-session';
import { normalizeEmail } from '../validation/email';
import { emailField, redirectUrl } from '../validation/fields';
import { sendVerificationMail } from './send-verification-mail';
import { requestLanguage } from '../i18n/request-language';
import { statusResponse } from '../endpoint/responses';

const body = z.object({
  email: emailField,
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

export const sendVerificationEmail = defineEndpoint({
  id: 'sendVerificationEmail',
  method: 'POST',
  path: '/send-verification-email',
  summary: 'Send a verification e-mail',
  errors: [ERRORS.invalidEmail, ERRORS.verificationEmailNotEnabled, ERRORS.emailMismatch, ERRORS.emailAlreadyVerified],
  response: statusResponse,
  body,
  rateLimit: 'mail',
  async handler({ auth, body, requestCookies, cookies, headers }) {
    const email = normalizeEmail(body.email);
    if (!email) throw new AuthError(ERRORS.invalidEmail);
    if (!auth.mailer) throw new AuthError(ERRORS.verificationEmailNotEnabled);

    // A signed-in caller can only have its own, unverified address verified, and is told so as
    // better-auth 1.7 tells it (400 EMAIL_MISMATCH, EMAIL_ALREADY_VERIFIED): it learns nothing it
    // does not know already. An anonymous caller gets the same `{status: true}` for every address.
    // Read from the database, not the cookie cache, which may not show a verification yet.
    const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
    if (current && current.user.email !== email) throw new AuthError(ERRORS.emailMismatch);
    if (current?.user.emailVerified) throw new AuthError(ERRORS.emailAlreadyVerified);
    const user = current ? current.user : await auth.users.findByEmail(email);
    if (!user || user.emailVerified) return { status: true };

    try {
      await sendVerificationMail(auth, user, { callbackURL: body.callbackURL, language: requestLanguage(headers) });
    } catch (err) {
      // A delivery failure answered as a 500 would tell an account from an unknown address.
      auth.logger.error({ err }, 'Could not send a verification mail');
    }
    return { status: true };
  },
});
