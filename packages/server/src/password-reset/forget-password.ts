/**
 * @module POST /forget-password (SPEC) and POST /request-password-reset (what better-auth 1.7
 * clients call): one handler mails a reset link to the account's address. The answer is
 * better-auth 1.7's `{status: true, message}` whether or not the account exists, and it is given before the account is even
 * looked up: lookup, token and delivery run in the background, so neither the answer nor its
 * timing (a slow mail server included) tells an attacker which addresses have accounts.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { defineEndpoint, type EndpointContext } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail } from '../mail/templates';
import { requestLanguage, type ServerLanguage } from '../i18n/request-language';
import { DEFAULTS } from '../auth/options';
import { normalizeEmail } from '../validation/email';
import { emailField, redirectUrl } from '../validation/fields';
import { authLink } from '../verification/links';
import { issueToken } from '../verification/one-time-token';
import { sendMail } from '../mail/send-mail';
import { statusMessageResponse } from '../endpoint/responses';

const resetRequest = z.object({
  email: emailField,
  /** Where the mailed link finally lands, with `token=…` (or `error=INVALID_TOKEN`) appended. */
  redirectTo: redirectUrl(ERRORS.invalidRedirectURL).optional(),
});

/** Unknown address: nothing is stored and nothing sent. */
async function mailResetLink(
  auth: AuthContext,
  mailer: Mailer,
  email: string,
  redirectTo: string | undefined,
  language: ServerLanguage,
): Promise<void> {
  const user = await auth.users.findByEmail(email);
  if (!user) return;
  const token = await issueToken(
    auth,
    'reset-password',
    { userId: user.id },
    {
      expiresIn: auth.options.emailAndPassword.resetPasswordTokenExpiresIn,
      length: DEFAULTS.resetPasswordTokenLength,
    },
  );
  const url = authLink(auth, `/reset-password/${token}`, { callbackURL: redirectTo });
  await sendMail(auth, mailer, {
    kind: 'reset-password',
    to: { userId: user.id },
    requestLanguage: language,
    render: (chosen) => resetPasswordMail(user.email, user.name, url, chosen),
  });
}

const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

async function startPasswordReset({
  auth,
  body,
  headers,
}: EndpointContext<z.output<typeof resetRequest>, undefined, 'none'>): Promise<typeof RESET_REQUESTED> {
  const email = normalizeEmail(body.email);
  if (!email) throw new AuthError(ERRORS.invalidEmail);
  const { mailer } = auth;
  if (!mailer) throw new AuthError(ERRORS.resetPasswordNotEnabled);
  // Not awaited, on purpose (see the module comment); a failure can only be logged.
  auth.background.run('Could not send the password reset mail', () =>
    mailResetLink(auth, mailer, email, body.redirectTo, requestLanguage(headers)),
  );
  return RESET_REQUESTED;
}

// The path stays a literal type: the client names its call after it.
function defineResetRequest<Id extends string, P extends string>(id: Id, path: P, summary: string) {
  return defineEndpoint({
    id,
    method: 'POST',
    path,
    summary,
    errors: [ERRORS.invalidEmail, ERRORS.resetPasswordNotEnabled],
    response: statusMessageResponse,
    body: resetRequest,
    rateLimit: 'mail',
    handler: startPasswordReset,
  });
}

export const forgetPassword = defineResetRequest(
  'forgetPassword',
  '/forget-password',
  'Mail a password reset link (older path)',
);
export const requestPasswordReset = defineResetRequest(
  'requestPasswordReset',
  '/request-password-reset',
  'Mail a password reset link',
);
