/**
 * @module Whether the user chose mailed codes as a second factor: a `twoFactorMailedCode` row.
 * better-auth offers a mailed code to every user with two-factor on once the server can mail, so
 * for a user who set up only an authenticator app the mailbox alone (a reset link, then a mailed
 * code) would pass both steps. Here a mailed code is a second factor only for a user who turned it
 * on while signed in: `POST /two-factor/enable {method: 'otp'}` (with the password), or a mailed
 * code verified while two-factor was off (better-auth's verify-otp); a user without a confirmed app
 * has mail as the only second factor anyway. Turning two-factor off, or an administrator's reset,
 * forgets the choice.
 */
import { AuthError, isUniqueViolation, type PluginHost } from '../../plugin';
import { TWO_FACTOR_ERRORS } from './errors';
import { twoFactorSchema } from './schema';
import type { StepSubject } from './second-step';

/**
 * Whether a mailed code is a second factor of the user: chosen (a row), or the only one the user
 * can have. A user with two-factor on and no confirmed app can only have turned it on by mail (or
 * was imported so from better-auth, whose mailed codes needed no choice): refusing mail there would
 * leave no way to finish a sign-in, and there is no app for the mailbox to get around.
 */
export async function hasChosenMailedCodes(auth: PluginHost, userId: string): Promise<boolean> {
  const db = twoFactorSchema.db(auth);
  const chosen = await db
    .selectFrom('twoFactorMailedCode')
    .select('userId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (chosen) return true;
  const app = await db.selectFrom('twoFactor').select('verified').where('userId', '=', userId).executeTakeFirst();
  return !app || !app.verified;
}

export async function chooseMailedCodes(auth: PluginHost, userId: string): Promise<void> {
  try {
    await twoFactorSchema
      .db(auth)
      .insertInto('twoFactorMailedCode')
      .values({ userId, createdAt: auth.now() })
      .execute();
  } catch (error) {
    // Chosen already (or by a parallel request): the choice stands either way.
    if (!isUniqueViolation(error)) throw error;
  }
}

export async function forgetMailedCodes(auth: PluginHost, userId: string): Promise<void> {
  await twoFactorSchema.db(auth).deleteFrom('twoFactorMailedCode').where('userId', '=', userId).execute();
}

/**
 * Refuses a mailed code to a pending sign-in of a user who did not choose them (OTP_NOT_ENABLED),
 * before anything is mailed or checked. A signed-in user may always ask for one: that is how mailed
 * codes are turned on, and a session is needed for it.
 */
export async function assertMailedCodeAllowed(auth: PluginHost, subject: StepSubject): Promise<void> {
  if (subject.challenge && !(await hasChosenMailedCodes(auth, subject.user.id))) {
    throw new AuthError(TWO_FACTOR_ERRORS.otpNotEnabled);
  }
}
