/**
 * @module POST /sign-in/email. An unknown e-mail and a wrong password get the same 401 after the
 * same Argon2 work, and guesses are throttled per account whatever the client address. When
 * e-mails must be verified, an unverified user with the right password gets 403 and a new link.
 * All of that is `passwordSignIn`, shared with the username plugin's sign-in.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';
import { passwordSignIn } from '../session/password-sign-in';
import { normalizeEmail } from '../validation/email';
import { emailField, passwordField, redirectUrl } from '../validation/fields';

const body = z.object({
  email: emailField,
  password: passwordField,
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
  rememberMe: z.boolean().optional(),
});

export const signInEmail = defineEndpoint({
  id: 'signInEmail',
  method: 'POST',
  path: '/sign-in/email',
  body,
  rateLimit: 'strict',
  checkOriginWithoutCookies: true,
  acceptsForm: true,
  async handler(ctx) {
    const { auth, body } = ctx;
    if (!auth.options.emailAndPassword.enabled) throw new AuthError(ERRORS.emailAndPasswordNotEnabled);
    const email = normalizeEmail(body.email);
    if (!email) throw new AuthError(ERRORS.invalidEmail);

    return passwordSignIn(ctx, {
      find: () => auth.users.findWithPasswordBy('email', email),
      throttleKey: `email:${email}`,
      failure: ERRORS.invalidEmailOrPassword,
      password: body.password,
      rememberMe: body.rememberMe,
      callbackURL: body.callbackURL,
    });
  },
});
