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
import { emitEvent, type EventOrigin } from '../events/emit-event';
import { CREDENTIAL_FORM, defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { DEFAULTS } from '../auth/options';
import { afterUserCreated, pluginUserInput } from '../plugin/run-hooks';
import { createSession } from '../session/create-session';
import { emailOfPasswordRequest, emailPasswordFields } from '../validation/email-password-request';
import { imageField, languageField, nameField } from '../validation/fields';
import { checkPasswordLength } from '../validation/password-policy';
import { sendVerificationMail } from '../email-verification/send-verification-mail';
import { namedRequestLanguage, requestLanguage } from '../i18n/request-language';
import { tokenUserResponse } from '../endpoint/responses';

const fields = emailPasswordFields;
// In better-auth's order, which is the order of a VALIDATION_ERROR's details.
const body = z.object({
  name: nameField,
  email: fields.email,
  password: fields.password,
  image: imageField.optional(),
  /** The language of the user's mails; without it, the one the request's Accept-Language names. */
  language: languageField.optional(),
  callbackURL: fields.callbackURL,
  rememberMe: fields.rememberMe,
});

/**
 * The refusal of a sign-up with an address that has an account, recorded as a failed sign-up of
 * that account: repeated ones are someone probing which addresses are registered.
 */
function addressTaken(origin: EventOrigin, existing: User | null): AuthError {
  const error = new AuthError(ERRORS.userAlreadyExistsUseAnotherEmail);
  emitEvent(origin, 'sign-up', {
    outcome: 'failure',
    method: 'email',
    userId: existing?.id ?? null,
    detail: { code: error.entry.code },
  });
  return error;
}

export const signUpEmail = defineEndpoint({
  id: 'signUpEmail',
  method: 'POST',
  path: '/sign-up/email',
  summary: 'Sign up with e-mail and password',
  errors: [
    ERRORS.userAlreadyExistsUseAnotherEmail,
    ERRORS.emailAndPasswordNotEnabled,
    ERRORS.invalidEmail,
    ERRORS.passwordTooShort,
    ERRORS.passwordTooLong,
    ERRORS.failedToCreateSession,
  ],
  response: tokenUserResponse,
  body,
  ...CREDENTIAL_FORM,
  async handler(ctx) {
    const { auth, body } = ctx;
    const email = emailOfPasswordRequest(auth, body.email);
    checkPasswordLength(auth, body.password);
    const existing = await auth.users.findByEmail(email);
    if (existing) throw addressTaken(ctx, existing);
    const pluginColumns = await pluginUserInput(auth, 'signUpEmail', body, null);

    const now = auth.now();
    const user: User = {
      ...pluginColumns,
      id: randomString(DEFAULTS.idLength),
      name: body.name,
      email,
      emailVerified: false,
      image: body.image ?? null,
      language: body.language ?? namedRequestLanguage(ctx.headers),
      createdAt: now,
      updatedAt: now,
    };
    const passwordHash = await hashPassword(body.password);
    try {
      await auth.users.createWithCredential(user, { id: randomString(DEFAULTS.idLength), passwordHash });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race with a parallel sign-up: a unique index decided. Which one? A taken plugin
      // column (a username) is named by its plugin's check, run again; else it was the address.
      const winner = await auth.users.findByEmail(email);
      if (!winner) await pluginUserInput(auth, 'signUpEmail', body, null);
      throw addressTaken(ctx, winner);
    }
    await afterUserCreated(auth, user);
    const { requireEmailVerification, autoSignIn } = auth.options.emailAndPassword;
    // better-auth answers {token: null, user} when the address must be verified before a session.
    const signsIn = autoSignIn && !requireEmailVerification;
    // `signedIn`: this sign-up opens the user's first session, which those who keep the time of a
    // user's last sign-in (the admin plugin) count; a sign-in's own event is finishSignIn's.
    emitEvent(ctx, 'sign-up', {
      method: 'email',
      userId: user.id,
      actorUserId: user.id,
      detail: { signedIn: signsIn },
    });
    // Read back, so the answer carries the defaults of plugin columns (a role, say).
    const created = (await auth.users.findById(user.id)) ?? user;
    // As in better-auth, sendOnSignUp follows requireEmailVerification, and without a mailer nothing is sent.
    if ((auth.options.emailVerification.sendOnSignUp || requireEmailVerification) && auth.mailer) {
      try {
        await sendVerificationMail(auth, created, {
          callbackURL: body.callbackURL,
          language: requestLanguage(ctx.headers),
        });
      } catch (err) {
        // The account exists now: a 500 would only make the client retry into "already exists".
        // The user can ask for another mail (POST /send-verification-email).
        auth.logger.error({ err }, 'Could not send the verification mail after sign-up');
      }
    }
    if (!signsIn) return { token: null, user: created };
    const current = await createSession(ctx, created, { dontRemember: body.rememberMe === false });
    return { token: current.token, user: created };
  },
});
