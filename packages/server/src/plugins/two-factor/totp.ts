/**
 * @module TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, a code of the current step or
 * of one either side accepted (clock drift). The step a code belongs to is answered, so that the
 * store can refuse every code of that step and earlier once one was used.
 */
import { authenticator } from 'otplib';

const STEP_SECONDS = 30;
/** 160 bits, RFC 4226's recommended secret length; base32 in the URI. */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return authenticator.generateSecret(SECRET_BYTES);
}

/** The otpauth:// URI an authenticator app scans (as a QR code). */
export function totpUri(secret: string, issuer: string, account: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

/** The time step `code` belongs to at `now` (now's, or one either side), or null for a wrong code. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.clone({ epoch: now.getTime(), window: 1 }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta;
}
