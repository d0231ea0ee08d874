/**
 * @module What the two-factor screens' tests share: TOTP codes computed from an enable's URI as an
 * authenticator app would (otplib, the server's own library), and a user with two-factor on,
 * turned on through the API (the Security section has its own test).
 */
import { authenticator } from 'otplib';
import { expect } from 'vitest';
import { createUser, type TestUser } from '../auth/auth-test-helpers';
import { PASSWORD, type TestServer } from '../support/test-server';

/** The base32 secret of an otpauth:// URI. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return secret;
}

/**
 * The code an authenticator app shows now, or `stepOffset` 30-second steps later: the server
 * accepts one step either side and each step's code once, so a second code in the same test takes
 * the next step's.
 */
export function totpCode(secret: string, stepOffset = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepOffset * 30_000 }).generate(secret);
}

export interface TwoFactorUser extends TestUser {
  secret: string;
  backupCodes: string[];
}

/** Signs up a user and turns two-factor on (enable, then a first code), signed in in `auth`. */
export async function userWithTwoFactor(server: TestServer): Promise<TwoFactorUser> {
  const user = await createUser(server);
  const enabled = await user.auth.client.twoFactor.enable({ password: PASSWORD });
  expect(enabled.error).toBeNull();
  const secret = secretOf(enabled.data!.totpURI!);
  const verified = await user.auth.client.twoFactor.verifyTotp({ code: totpCode(secret, -1) });
  expect(verified.error).toBeNull();
  return { ...user, secret, backupCodes: enabled.data!.backupCodes! };
}
