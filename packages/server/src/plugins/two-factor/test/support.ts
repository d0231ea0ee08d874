/**
 * @module What the two-factor suites share: the plugin's answers as better-auth words them, TOTP
 * codes computed from an enable's URI at the harness's clock, and a user with two-factor on.
 */
import { authenticator } from 'otplib';
import { expect } from 'vitest';
import { uniqueEmail, type Harness, type TestClient } from '../../../../test/support/harness';

export const PASSWORD = 'correct horse battery';

export const REFUSED = {
  invalidCode: { status: 401, code: 'INVALID_CODE', message: 'Invalid code' },
  invalidBackupCode: { status: 401, code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' },
  invalidCookie: { status: 401, code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
  invalidPassword: { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' },
  totpNotEnabled: { status: 400, code: 'TOTP_NOT_ENABLED', message: 'TOTP not enabled' },
  otpNotEnabled: { status: 400, code: 'OTP_NOT_ENABLED', message: 'OTP not enabled' },
  tooManyAttempts: {
    status: 400,
    code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
    message: 'Too many attempts. Please request a new code.',
  },
  accountLocked: {
    status: 429,
    code: 'ACCOUNT_TEMPORARILY_LOCKED',
    message: 'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  },
} as const;

/** The account's code lock after ten wrong codes (code-lock.ts): fifteen minutes. */
export const CODE_LOCK_SECONDS = 15 * 60;

/** The base32 secret of an otpauth:// URI. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return secret;
}

/** The code an authenticator app shows at the harness's clock (shifted by `stepOffset` steps). */
export function totpCode(h: Harness, secret: string, stepOffset = 0): string {
  return authenticator.clone({ epoch: h.clock.now().getTime() + stepOffset * 30_000 }).generate(secret);
}

/** Moves the clock to the next 30-second step, so a fresh code exists. */
export function nextStep(h: Harness): void {
  h.clock.advance(30);
}

export interface TwoFactorUser {
  email: string;
  userId: string;
  secret: string;
  backupCodes: string[];
  /** The browser that signed up and enabled it. */
  client: TestClient;
}

/** Signs up a user and turns two-factor on (enable, then a first code). */
export async function userWithTwoFactor(h: Harness): Promise<TwoFactorUser> {
  const email = uniqueEmail('2fa');
  const { client, user } = await h.signUp(email, PASSWORD);
  const enabled = await client.post('/two-factor/enable', { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const secret = secretOf(enabled.body.totpURI);
  nextStep(h);
  const verified = await client.post('/two-factor/verify-totp', { code: totpCode(h, secret) });
  expect(verified.status).toBe(200);
  nextStep(h);
  return { email, userId: user.id, secret, backupCodes: enabled.body.backupCodes, client };
}

/** Signs up a user and turns two-factor on with mailed codes only (enable with `method: 'otp'`). */
export async function userWithMailedCodes(h: Harness): Promise<Omit<TwoFactorUser, 'secret' | 'backupCodes'>> {
  const email = uniqueEmail('2fa-otp');
  const { client, user } = await h.signUp(email, PASSWORD);
  const enabled = await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
  expect(enabled.status).toBe(200);
  expect(enabled.body).toEqual({ method: 'otp' });
  return { email, userId: user.id, client };
}

/** A password sign-in from a new browser (or `client`): the pending second step, if any. */
export async function signIn(h: Harness, email: string, client = h.client()) {
  const response = await client.post('/sign-in/email', { email, password: PASSWORD });
  return { client, response };
}
