/**
 * @module POST /sign-in/email. An unknown e-mail and a wrong password get the same 401 after the
 * same Argon2 work, and guesses are throttled per account whatever the client address. When
 * e-mails must be verified, an unverified user with the right password gets 403 and a new link.
 * All of that is `passwordSignIn`, shared with the username plugin's sign-in.
 */
import { z } from 'zod';
import { CREDENTIAL_FORM, defineEndpoint } from '../endpoint/define-endpoint';
import { ERRORS } from '../endpoint/errors';
import { passwordSignIn } from './password-sign-in';
import { emailOfPasswordRequest, emailPasswordFields } from '../validation/email-password-request';
import { signInResponse } from '../endpoint/responses';

const body = z.object(emailPasswordFields);

export const signInEmail = defineEndpoint({
  id: 'signInEmail',
  method: 'POST',
  path: '/sign-in/email',
  summary: 'Sign in with e-mail and password',
  errors: [
    ERRORS.invalidEmailOrPassword,
    ERRORS.emailNotVerified,
    ERRORS.emailAndPasswordNotEnabled,
    ERRORS.invalidEmail,
    ERRORS.failedToCreateSession,
  ],
  response: signInResponse,
  body,
  ...CREDENTIAL_FORM,
  async handler(ctx) {
    const { auth, body } = ctx;
    const email = emailOfPasswordRequest(auth, body.email);
    return passwordSignIn(ctx, {
      find: () => auth.users.findWithPasswordBy('email', email),
      throttleKey: `email:${email}`,
      failure: ERRORS.invalidEmailOrPassword,
      method: 'email',
      body,
    });
  },
});
