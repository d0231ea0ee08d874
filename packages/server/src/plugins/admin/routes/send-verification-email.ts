/**
 * @module POST /admin/send-verification-email {userId, callbackURL?}: mails an unverified user the
 * ordinary verification link ("Resend verification" on their page), in the admin's language. An
 * address already verified is refused with the core's 400 EMAIL_ALREADY_VERIFIED, since the admin
 * asked for something that cannot happen (the public route's silence is for anonymous callers).
 * Needs `user:update`; the mail tier's rate limit holds, so no one floods a mailbox through it.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  defineEndpoint,
  redirectUrl,
  requestLanguage,
  sendVerificationMail,
  statusResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({
  userId: z.string().min(1).max(255),
  /** Where the link lands once followed, as the public route's. */
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

export function adminSendVerificationEmail(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'adminSendVerificationEmail',
    method: 'POST',
    path: '/admin/send-verification-email',
    summary: 'Send a user the verification mail again (admin)',
    response: statusResponse,
    errors: [
      ADMIN_ERRORS.notAllowedToUpdateUsers,
      ERRORS.userNotFound,
      ERRORS.emailAlreadyVerified,
      ERRORS.verificationEmailNotEnabled,
    ],
    body,
    session: 'required',
    rateLimit: 'mail',
    async handler({ auth, body, session, headers }) {
      requirePermission(options, session, { user: ['update'] }, ADMIN_ERRORS.notAllowedToUpdateUsers);
      const user = await auth.users.findById(body.userId);
      if (!user) throw new AuthError(ERRORS.userNotFound);
      if (user.emailVerified) throw new AuthError(ERRORS.emailAlreadyVerified);
      await sendVerificationMail(auth, user, { callbackURL: body.callbackURL, language: requestLanguage(headers) });
      return { status: true };
    },
  });
}
