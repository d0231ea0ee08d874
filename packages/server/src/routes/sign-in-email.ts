/**
 * @module POST /sign-in/email. An unknown e-mail and a wrong password get the same 401 after the
 * same Argon2 work, and guesses are throttled per account whatever the client address. When
 * e-mails must be verified, an unverified user with the right password gets 403 and a new link.
 */
import { z } from 'zod';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../crypto/password';
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';
import { signInThrottle } from '../http/sign-in-throttle';
import { createSession } from '../session/create-session';
import { normalizeEmail } from '../validation/email';
import { emailField, passwordField, redirectField } from '../validation/fields';
import { sendVerificationMail } from '../verification/send-verification-mail';

const body = z.object({
  email: emailField,
  password: passwordField,
  callbackURL: redirectField.optional(),
  rememberMe: z.boolean().optional(),
});

export const signInEmail = defineEndpoint({
  id: 'signInEmail',
  method: 'POST',
  path: '/sign-in/email',
  body,
  rateLimit: 'strict',
  checkOriginWithoutCookies: true,
  async handler(ctx) {
    const { auth, body } = ctx;
    if (!auth.options.emailAndPassword.enabled) throw new AuthError(ERRORS.emailAndPasswordNotEnabled);
    const email = normalizeEmail(body.email);
    if (!email) throw new AuthError(ERRORS.invalidEmail);

    const throttle = signInThrottle(auth, `email:${email}`);
    await throttle.assertOpen();
    const found = await auth.users.findWithPasswordByEmail(email);
    const passwordHash = found?.passwordHash;
    const valid = passwordHash ? await verifyPassword(passwordHash, body.password) : await verifyAgainstDummy(body.password);
    if (!found || !passwordHash || !valid) {
      await throttle.failed();
      throw new AuthError(ERRORS.invalidEmailOrPassword);
    }
    await throttle.succeeded();

    // Only after the password checked out: before that, a 403 would tell which addresses exist.
    if (auth.options.emailAndPassword.requireEmailVerification && !found.user.emailVerified) {
      if (auth.mailer) {
        try {
          await sendVerificationMail(auth, found.user, { callbackURL: body.callbackURL });
        } catch (err) {
          auth.logger.error({ err }, 'Could not send the verification mail after sign-in');
        }
      }
      throw new AuthError(ERRORS.emailNotVerified);
    }

    if (needsRehash(passwordHash) && found.accountId) {
      await auth.accounts.updatePassword(found.accountId, await hashPassword(body.password), auth.now());
    }
    const current = await createSession(ctx, found.user, { dontRemember: body.rememberMe === false });
    return { redirect: body.callbackURL !== undefined, token: current.token, url: body.callbackURL, user: current.user };
  },
});
