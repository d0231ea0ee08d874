/**
 * better-auth 1.7's own `twoFactorClient()`, unchanged, against a Latchkey engine with the
 * two-factor plugin: its fetch goes to the engine's handler through a browser-like cookie jar.
 * Enable, the first code, a sign-in redirected to the second step (its `onTwoFactorRedirect`),
 * verify-totp with a trusted device, backup and mailed codes, disable — and its error codes.
 */
import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BrowserCookies } from '../../../../../../test/browser-cookies';
import { twoFactorPlugin } from '../../..';
import { API, BASE_URL, createHarness, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { nextStep, PASSWORD, secretOf, totpCode } from './support';

let h: Harness & { close(): Promise<void> };

beforeAll(async () => {
  h = await createHarness('sqlite', { plugins: [twoFactorPlugin()] });
});
afterAll(async () => {
  await h?.close();
});

/** A browser's better-auth client: its requests reach the engine's handler with a cookie jar. */
function browserClient() {
  const cookies = new BrowserCookies(`${BASE_URL}${API}/`);
  const redirects: { twoFactorMethods?: string[] | undefined }[] = [];
  const customFetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('origin', BASE_URL);
    const cookie = cookies.header(request.url);
    if (cookie !== '') headers.set('cookie', cookie);
    const response = await h.auth.handler(new Request(request, { headers }), { clientIp: '198.51.100.7' });
    cookies.keep(response, request.url);
    return response;
  };
  const client = createAuthClient({
    baseURL: BASE_URL,
    fetchOptions: { customFetchImpl },
    plugins: [twoFactorClient({ onTwoFactorRedirect: (context) => void redirects.push(context) })],
  });
  return { client, cookies, redirects };
}

it('runs the whole two-factor flow of twoFactorClient() against Latchkey', async () => {
  const email = uniqueEmail('ba-2fa');
  const first = browserClient();
  const signedUp = await first.client.signUp.email({ email, password: PASSWORD, name: 'Client' });
  expect(signedUp.error).toBeNull();
  // false, never null, before it is turned on (better-auth's column default).
  expect(signedUp.data?.user).toMatchObject({ twoFactorEnabled: false });
  expect((await first.client.getSession()).data?.user).toMatchObject({ twoFactorEnabled: false });

  const enabled = await first.client.twoFactor.enable({ password: PASSWORD });
  expect(enabled.error).toBeNull();
  if (enabled.data?.method !== 'totp') throw new Error('enable did not answer a TOTP secret');
  const secret = secretOf(enabled.data.totpURI);
  const backupCodes = enabled.data.backupCodes;
  const wrong = await first.client.twoFactor.verifyTotp({ code: '000000' });
  expect(wrong.error).toMatchObject({ status: 401, code: 'INVALID_CODE', message: 'Invalid code' });
  nextStep(h);
  const on = await first.client.twoFactor.verifyTotp({ code: totpCode(h, secret) });
  expect(on.error).toBeNull();
  expect(on.data!.user).toMatchObject({ email, twoFactorEnabled: true });

  // A new browser: the sign-in is redirected to the second step, with no session yet.
  const second = browserClient();
  const signIn = await second.client.signIn.email({ email, password: PASSWORD });
  expect(signIn.data).toMatchObject({ twoFactorRedirect: true });
  // An app only: a mailed code is no second factor of this user (the mailbox alone must not pass).
  expect(second.redirects).toEqual([{ twoFactorMethods: ['totp'] }]);
  expect((await second.client.getSession()).data).toBeNull();
  nextStep(h);
  const verified = await second.client.twoFactor.verifyTotp({ code: totpCode(h, secret), trustDevice: true });
  expect(verified.error).toBeNull();
  expect(verified.data!.token).toEqual(expect.any(String));
  expect((await second.client.getSession()).data?.user.email).toBe(email);

  // Trusted: the next sign-in of that browser skips the second step.
  await second.client.signOut();
  const trusted = await second.client.signIn.email({ email, password: PASSWORD });
  expect(trusted.data).toMatchObject({ user: { email } });
  expect(second.redirects).toHaveLength(1);

  // A backup code, then a mailed code, in a third browser.
  const third = browserClient();
  await third.client.signIn.email({ email, password: PASSWORD });
  const backup = await third.client.twoFactor.verifyBackupCode({ code: backupCodes[0]! });
  expect(backup.error).toBeNull();
  await third.client.signOut();
  await third.client.signIn.email({ email, password: PASSWORD });
  const reused = await third.client.twoFactor.verifyBackupCode({ code: backupCodes[0]! });
  expect(reused.error).toMatchObject({ status: 401, code: 'INVALID_BACKUP_CODE' });
  expect((await third.client.twoFactor.sendOtp()).error).toMatchObject({
    status: 400,
    code: 'OTP_NOT_ENABLED',
    message: 'OTP not enabled',
  });
  // Chosen while signed in, with the password: now offered, and it signs in.
  expect((await first.client.twoFactor.enable({ password: PASSWORD, method: 'otp' })).data).toEqual({ method: 'otp' });
  const offered = await third.client.signIn.email({ email, password: PASSWORD });
  expect(offered.data).toMatchObject({ twoFactorRedirect: true });
  expect(third.redirects.at(-1)).toEqual({ twoFactorMethods: ['totp', 'otp'] });
  expect((await third.client.twoFactor.sendOtp()).data).toEqual({ status: true });
  const mail = await h.mail.waitFor(email);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const otp = await third.client.twoFactor.verifyOtp({ code });
  expect(otp.error).toBeNull();
  expect((await third.client.getSession()).data?.user.email).toBe(email);

  const codes = await third.client.twoFactor.generateBackupCodes({ password: PASSWORD });
  expect(codes.data?.backupCodes).toHaveLength(10);
  const uri = await third.client.twoFactor.getTotpUri({ password: PASSWORD });
  expect(secretOf(uri.data!.totpURI)).toBe(secret);
  const off = await third.client.twoFactor.disable({ password: PASSWORD });
  expect(off.data).toEqual({ status: true });
  const fourth = browserClient();
  expect((await fourth.client.signIn.email({ email, password: PASSWORD })).data).toMatchObject({ user: { email } });
});

it('ends a challenge at the sixth code and locks the second step after ten, as twoFactorClient() expects', async () => {
  const email = uniqueEmail('ba-2fa-lock');
  const owner = browserClient();
  await owner.client.signUp.email({ email, password: PASSWORD, name: 'Locked' });
  const enabled = await owner.client.twoFactor.enable({ password: PASSWORD });
  if (enabled.data?.method !== 'totp') throw new Error('enable did not answer a TOTP secret');
  const secret = secretOf(enabled.data.totpURI);
  nextStep(h);
  expect((await owner.client.twoFactor.verifyTotp({ code: totpCode(h, secret) })).error).toBeNull();

  const browser = browserClient();
  await browser.client.signIn.email({ email, password: PASSWORD });
  const challenge = browser.cookies.get('latchkey.two_factor')!;
  for (let i = 0; i < 5; i += 1) {
    const wrong = await browser.client.twoFactor.verifyTotp({ code: '000000' });
    expect(wrong.error).toMatchObject({ status: 401, code: 'INVALID_CODE' });
  }
  nextStep(h);
  const sixth = await browser.client.twoFactor.verifyTotp({ code: totpCode(h, secret) });
  expect(sixth.error).toMatchObject({
    status: 400,
    code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
    message: 'Too many attempts. Please request a new code.',
  });
  expect(browser.cookies.has('latchkey.two_factor')).toBe(false);
  const copy = browserClient();
  copy.cookies.set('latchkey.two_factor', challenge);
  expect((await copy.client.twoFactor.verifyBackupCode({ code: enabled.data.backupCodes[0]! })).error).toMatchObject({
    status: 401,
    code: 'INVALID_TWO_FACTOR_COOKIE',
  });

  await browser.client.signIn.email({ email, password: PASSWORD });
  for (let i = 0; i < 5; i += 1) await browser.client.twoFactor.verifyTotp({ code: '000000' });
  const locked = {
    status: 429,
    code: 'ACCOUNT_TEMPORARILY_LOCKED',
    message: 'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  };
  await browser.client.signIn.email({ email, password: PASSWORD });
  nextStep(h);
  expect((await browser.client.twoFactor.verifyTotp({ code: totpCode(h, secret) })).error).toMatchObject(locked);
  expect((await browser.client.twoFactor.verifyBackupCode({ code: enabled.data.backupCodes[0]! })).error).toMatchObject(
    locked,
  );
  expect((await browser.client.getSession()).data).toBeNull();
  h.clock.advance(3600);
});
