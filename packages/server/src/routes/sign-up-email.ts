/**
 * @module POST /sign-up/email: a user with a credential account, and a session unless auto
 * sign-in is off or the e-mail must be verified first. Fields a client must not set (role,
 * emailVerified, id…) are stripped by the schema.
 */
import { z } from 'zod';
import { hashPassword } from '../crypto/password';
import { randomString } from '../crypto/random';
import type { User } from '../db/records';
import { isUniqueViolation } from '../db/unique-violation';
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';
import { DEFAULTS } from '../options';
import { createSession } from '../session/create-session';
import { normalizeEmail } from '../validation/email';
import { emailField, imageField, nameField, passwordField, redirectField } from '../validation/fields';
import { checkPasswordLength } from '../validation/password-policy';
import { sendVerificationMail } from '../verification/send-verification-mail';

const body = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  image: imageField.optional(),
  callbackURL: redirectField.optional(),
  rememberMe: z.boolean().optional(),
});

export const signUpEmail = defineEndpoint({
  id: 'signUpEmail',
  method: 'POST',
  path: '/sign-up/email',
  body,
  rateLimit: 'strict',
  checkOriginWithoutCookies: true,
  async handler(ctx) {
    const { auth, body } = ctx;
    if (!auth.options.emailAndPassword.enabled) throw new AuthError(ERRORS.emailAndPasswordNotEnabled);
    const email = normalizeEmail(body.email);
    if (!email) throw new AuthError(ERRORS.invalidEmail);
    checkPasswordLength(auth, body.password);
    if (await auth.users.findByEmail(email)) throw new AuthError(ERRORS.userAlreadyExistsUseAnotherEmail);

    const now = auth.now();
    const user: User = {
      id: randomString(DEFAULTS.idLength),
      name: body.name,
      email,
      emailVerified: false,
      image: body.image ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const passwordHash = await hashPassword(body.password);
    try {
      await auth.users.createWithCredential(user, { id: randomString(DEFAULTS.idLength), passwordHash });
    } catch (error) {
      // Lost a race with a parallel sign-up for the same address: the unique index decided.
      if (isUniqueViolation(error)) throw new AuthError(ERRORS.userAlreadyExistsUseAnotherEmail);
      throw error;
    }
    const { requireEmailVerification } = auth.options.emailAndPassword;
    // As in better-auth, sendOnSignUp follows requireEmailVerification, and without a mailer nothing is sent.
    if ((auth.options.emailVerification.sendOnSignUp || requireEmailVerification) && auth.mailer) {
      try {
        await sendVerificationMail(auth, user, { callbackURL: body.callbackURL });
      } catch (err) {
        // The account exists now: a 500 would only make the client retry into "already exists".
        // The user can ask for another mail (POST /send-verification-email).
        auth.logger.error({ err }, 'Could not send the verification mail after sign-up');
      }
    }
    // better-auth answers {token: null, user} when the address must be verified before a session.
    if (!auth.options.emailAndPassword.autoSignIn || requireEmailVerification) return { token: null, user };
    const current = await createSession(ctx, user, { dontRemember: body.rememberMe === false });
    return { token: current.token, user };
  },
});
