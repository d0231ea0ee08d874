/**
 * @module POST /change-email {newEmail, callbackURL?} (SPEC §4). An unverified address is replaced
 * at once and the new one must be verified. A verified address is only replaced once its owner
 * approves from that address: the link mailed there carries a `change-email` token, redeemed by
 * GET /verify-email.
 */
import { z } from 'zod';
import type { User } from '../db/records';
import { isUniqueViolation } from '../db/unique-violation';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { changeEmailMail } from '../mail/templates';
import { refreshCachedUser } from '../session/cookie-cache';
import { normalizeEmail } from '../validation/email';
import { emailField, redirectUrl } from '../validation/fields';
import { authLink } from '../verification/links';
import { issueToken } from '../verification/one-time-token';
import { sendVerificationMail } from '../email-verification/send-verification-mail';
import { requestLanguage } from '../i18n/request-language';
import { sendMail } from '../mail/send-mail';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

const body = z.object({
  newEmail: emailField,
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

export const changeEmail = defineEndpoint({
  id: 'changeEmail',
  method: 'POST',
  path: '/change-email',
  summary: 'Change the e-mail address',
  errors: [
    ERRORS.changeEmailDisabled,
    ERRORS.invalidEmail,
    ERRORS.emailIsTheSame,
    ERRORS.couldNotUpdateEmail,
    ERRORS.verificationEmailNotEnabled,
    ERRORS.userNotFound,
  ],
  response: statusResponse,
  body,
  session: 'required',
  credentialChange: true,
  rateLimit: 'strict',
  async handler({ auth, body, session, cookies, headers, clientIp }) {
    const language = requestLanguage(headers);
    if (!auth.options.changeEmailEnabled) throw new AuthError(ERRORS.changeEmailDisabled);
    const newEmail = normalizeEmail(body.newEmail);
    if (!newEmail) throw new AuthError(ERRORS.invalidEmail);
    const { user } = session;
    if (newEmail === user.email) throw new AuthError(ERRORS.emailIsTheSame);
    if (await auth.users.findByEmail(newEmail)) throw new AuthError(ERRORS.couldNotUpdateEmail);

    if (user.emailVerified) {
      // A stolen session must not be enough to take the account over: the current address approves.
      if (!auth.mailer) throw new AuthError(ERRORS.verificationEmailNotEnabled);
      const token = await issueToken(
        auth,
        'change-email',
        { userId: user.id, data: newEmail },
        {
          expiresIn: auth.options.emailVerification.expiresIn,
        },
      );
      const url = authLink(auth, '/verify-email', { token, callbackURL: body.callbackURL });
      await sendMail(auth, auth.mailer, {
        kind: 'change-email',
        to: { userId: user.id },
        requestLanguage: language,
        render: (chosen) => changeEmailMail(user.email, user.name, newEmail, url, chosen),
      });
      emitEvent({ auth, headers, clientIp }, 'email-change-requested', { userId: user.id, actorUserId: user.id });
      return { status: true };
    }

    let updated: User | null;
    try {
      updated = await auth.users.update(user.id, { email: newEmail, updatedAt: auth.now() });
    } catch (error) {
      // Taken between the check above and the update: the unique index decided.
      if (isUniqueViolation(error)) throw new AuthError(ERRORS.couldNotUpdateEmail);
      throw error;
    }
    if (!updated) throw new AuthError(ERRORS.userNotFound);
    refreshCachedUser(auth, cookies, session, updated);
    emitEvent({ auth, headers, clientIp }, 'email-changed', {
      method: 'unverified',
      userId: user.id,
      actorUserId: user.id,
    });
    // Without a mailer the unverified change still applies, as better-auth's does; it stays unverified.
    if (auth.mailer) await sendVerificationMail(auth, updated, { callbackURL: body.callbackURL, language });
    return { status: true };
  },
});
