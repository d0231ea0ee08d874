/**
 * @module Mails a verification link for the user's address (or for `email`, an address the user is
 * moving to). The token remembers the address it was issued for, so it cannot verify a different
 * one after a later change.
 */
import type { AuthContext } from '../auth/context';
import type { User } from '../db/records';
import { AuthError, ERRORS } from '../endpoint/errors';
import type { ServerLanguage } from '../i18n/request-language';
import { verificationMail } from '../mail/templates';
import { authLink } from '../verification/links';
import { issueToken } from '../verification/one-time-token';
import { sendMail } from '../mail/send-mail';

export async function sendVerificationMail(
  auth: AuthContext,
  user: Pick<User, 'id' | 'name' | 'email'>,
  {
    callbackURL,
    email = user.email,
    language = 'en',
  }: {
    callbackURL?: string | undefined;
    email?: string;
    /** The request's language, for a user with none stored. */
    language?: ServerLanguage;
  } = {},
): Promise<void> {
  if (!auth.mailer) throw new AuthError(ERRORS.verificationEmailNotEnabled);
  const token = await issueToken(
    auth,
    'email-verification',
    { userId: user.id, data: email },
    {
      expiresIn: auth.options.emailVerification.expiresIn,
    },
  );
  const url = authLink(auth, '/verify-email', { token, callbackURL });
  await sendMail(auth, auth.mailer, {
    kind: 'verification',
    to: { userId: user.id },
    requestLanguage: language,
    render: (chosen) => verificationMail(email, user.name, url, chosen),
  });
}
