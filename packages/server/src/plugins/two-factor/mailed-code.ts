/**
 * @module The mailed code of a second step (send-otp, verify-otp): six digits whose SHA-256
 * digest, the user and the wrong tries so far are kept in a verification row named after what
 * it is for (a pending sign-in's challenge, or the signed-in user). A new code replaces the last;
 * each check takes the row (a conditional delete), so a code works once even under parallel use,
 * and a wrong one puts it back with one more try counted, up to better-auth's five.
 */
import { AuthError, DEFAULTS, randomString, sha256Hex, type PluginHost } from '../../plugin';
import { TWO_FACTOR_ERRORS } from './errors';
import { TWO_FACTOR_DEFAULTS } from './options';
import { twoFactorSchema } from './schema';

const PURPOSE = 'two-factor-otp';
const DIGITS = '0123456789';
const CODE_LENGTH = 6;

function identifier(key: string): string {
  return `${PURPOSE}:${key}`;
}

/** A new code for `key`, replacing any earlier one; answered to be mailed, kept as a digest. */
export async function newMailedCode(auth: PluginHost, key: string, userId: string): Promise<string> {
  const code = randomString(CODE_LENGTH, DIGITS);
  const now = auth.now();
  await twoFactorSchema.db(auth).deleteFrom('verification').where('identifier', '=', identifier(key)).execute();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: identifier(key),
    value: `${userId}:${sha256Hex(code)}:0`,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_DEFAULTS.otpExpiresIn * 1000),
    createdAt: now,
  });
  return code;
}

/**
 * Whether `code` is the one mailed for `key`. Throws OTP_HAS_EXPIRED when none is pending (or it
 * expired) and TOO_MANY_ATTEMPTS… once its tries are spent.
 */
export async function checkMailedCode(auth: PluginHost, key: string, code: string): Promise<boolean> {
  const row = await auth.verifications.find(identifier(key));
  if (!row || row.expiresAt <= auth.now()) throw new AuthError(TWO_FACTOR_ERRORS.otpHasExpired);
  const [userId = '', digest = '', triesText = ''] = row.value.split(':');
  const tries = Number.parseInt(triesText, 10) || 0;
  if (tries >= TWO_FACTOR_DEFAULTS.otpAllowedAttempts)
    throw new AuthError(TWO_FACTOR_ERRORS.tooManyAttemptsRequestNewCode);
  // Taken by one caller only: a parallel check of the same code finds nothing to take.
  if (!(await auth.verifications.take(row.id))) return false;
  if (sha256Hex(code.trim()) === digest) return true;
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: row.identifier,
    value: `${userId}:${digest}:${tries + 1}`,
    expiresAt: row.expiresAt,
    createdAt: auth.now(),
  });
  return false;
}
