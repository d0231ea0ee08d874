/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies") on every
 * database: a browser that signed in to an account with its password is still evaluated while
 * strangers' guesses hold the account locked, within a small failure budget of its own; a cookie
 * of another account, a tampered, unsigned or expired one gives nothing.
 */
import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { signValue } from '../src/crypto/hmac';
import { randomString } from '../src/crypto/random';
import { DEFAULTS } from '../src';
import {
  describeEachDialect,
  SECRET,
  uniqueEmail,
  type Harness,
  type TestClient,
  type TestResponse,
} from './support/harness';
import { expectLocked, TOO_MANY } from './support/lockout';
import { sessionsOf } from './support/rows';

const PASSWORD = 'correct horse battery';
const WRONG = 'not the password';
const DEVICE = 'latchkey.device';
const INVALID_CREDENTIALS = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

function expectInvalid(response: TestResponse): void {
  expect(response.status).toBe(401);
  expect(response.body).toEqual(INVALID_CREDENTIALS);
  expect(response.setCookies.size).toBe(0);
}

/** A signed-up account and the owner's browser, which has signed in to it with its password once. */
async function ownerWithDevice(h: Harness): Promise<{ email: string; userId: string; owner: TestClient }> {
  const email = uniqueEmail('owner');
  const { user } = await h.signUp(email, PASSWORD);
  const owner = h.client('192.0.2.10');
  expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  expect(owner.cookies.has(DEVICE)).toBe(true);
  // Signed out: the device cookie outlives the session, as it must to help the next sign-in.
  await owner.post('/sign-out');
  expect([...owner.cookies.keys()]).toEqual([DEVICE]);
  return { email, userId: user.id, owner };
}

/** Ten wrong passwords from ten fresh browsers: the account is locked for a second. */
async function attack(h: Harness, email: string): Promise<void> {
  for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
    expectInvalid(await h.client(`198.51.100.${i}`).post('/sign-in/email', { email, password: WRONG }));
  }
  expectLocked(await h.client('198.51.100.200').post('/sign-in/email', { email, password: PASSWORD }));
}

function deviceValue(client: TestClient): string {
  return decodeURIComponent(client.cookies.get(DEVICE)!);
}

function withDevice(h: Harness, value: string): TestClient {
  const client = h.client('192.0.2.20');
  client.cookies.set(DEVICE, encodeURIComponent(value));
  return client;
}

describeEachDialect('device cookies: issuing', (h) => {
  it('a password sign-in sets latchkey.device: HttpOnly, SameSite=Lax, Path=/, 30 days, signed, naming no user id in clear', async () => {
    const email = uniqueEmail('issued');
    const { user } = await h().signUp(email, PASSWORD);
    const response = await h().client().post('/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    const cookie = response.setCookies.get(DEVICE)!;
    expect(cookie.attributes).toEqual({
      'max-age': String(DEFAULTS.trustedDeviceCookieMaxAge),
      path: '/',
      httponly: true,
      samesite: 'Lax',
    });
    const value = decodeURIComponent(cookie.value);
    expect(value).not.toContain(user.id);
    expect(value).toContain(sha256Hex(user.id));
    expect(value).toMatch(/^[A-Za-z0-9]{32}\.\d+\.[0-9a-f]{64}\.[A-Za-z0-9+/]{43}=$/);
  });

  it('gives a new nonce on every password sign-in, and none on a failed one or on sign-up', async () => {
    const email = uniqueEmail('rotated');
    const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
    expect(signUp.status).toBe(200);
    expect(signUp.setCookies.has(DEVICE)).toBe(false);
    const browser = h().client();

    expectInvalid(await browser.post('/sign-in/email', { email, password: WRONG }));
    const first = await browser.post('/sign-in/email', { email, password: PASSWORD });
    const second = await browser.post('/sign-in/email', { email, password: PASSWORD });

    const nonce = (response: TestResponse) => decodeURIComponent(response.setCookies.get(DEVICE)!.value).split('.')[0];
    expect(nonce(first)).toHaveLength(32);
    expect(nonce(second)).toHaveLength(32);
    expect(nonce(second)).not.toBe(nonce(first));
  });
});

describeEachDialect('device cookies: an account locked by strangers', (h) => {
  it("lets the owner's browser sign in with the right password while every fresh browser gets 429", async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    await attack(h(), email);
    const before = (await sessionsOf(h(), userId)).length;

    const response = await owner.post('/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(userId);
    expect(await sessionsOf(h(), userId)).toHaveLength(before + 1);
    expect((await owner.get('/get-session')).body.user.id).toBe(userId);
    // The owner's success does not lift the strangers' lock.
    expectLocked(await h().client('203.0.113.50').post('/sign-in/email', { email, password: PASSWORD }));
    expect(await sessionsOf(h(), userId)).toHaveLength(before + 1);
  });

  it('lets the owner change the password from a signed-in browser with the device cookie; a stolen session without it gets 429', async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const thief = h().client('198.51.100.99');
    for (const [name, value] of owner.cookies) if (name !== DEVICE) thief.cookies.set(name, value);
    await attack(h(), email);

    const refused = await thief.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'stolen and changed',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    const changed = await owner.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.id).toBe(userId);
    const row = await h()
      .auth.context.db.selectFrom('account')
      .select('password')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.password).not.toBeNull();
    expect((await owner.post('/sign-in/email', { email, password: 'a brand new passphrase' })).status).toBe(200);
  });

  it("evaluates the owner's wrong password with 401, and the device's failures do not extend the account's lock", async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    await attack(h(), email);

    for (let i = 0; i < 3; i++) expectInvalid(await owner.post('/sign-in/email', { email, password: WRONG }));

    // Counted toward the account, these would be its 13th failure: a lock of 8 s, not 1.
    h().clock.advance(1);
    const stranger = await h().client('203.0.113.51').post('/sign-in/email', { email, password: PASSWORD });
    expect(stranger.status).toBe(200);
    expect(stranger.body.user.id).toBe(userId);
  });

  it(`locks the device alone after ${DEFAULTS.deviceLockoutThreshold} wrong passwords from it, right password or wrong`, async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    const laptop = h().client('192.0.2.11');
    expect((await laptop.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await laptop.post('/sign-out');
    await attack(h(), email);
    const before = (await sessionsOf(h(), userId)).length;

    for (let i = 0; i < DEFAULTS.deviceLockoutThreshold; i++)
      expectInvalid(await owner.post('/sign-in/email', { email, password: WRONG }));
    expectLocked(await owner.post('/sign-in/email', { email, password: PASSWORD }));
    expectLocked(await owner.post('/sign-in/email', { email, password: WRONG }));
    expect(await sessionsOf(h(), userId)).toHaveLength(before);

    // Another browser of the owner keeps its own budget; strangers stay locked out.
    expect((await laptop.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expectLocked(await h().client('203.0.113.52').post('/sign-in/email', { email, password: PASSWORD }));

    // The device's lock grows and passes like the account's: 1 s after its fifth failure.
    h().clock.advance(1);
    expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('starts a new budget after the device signs in: its earlier failures are forgotten', async () => {
    const { email, owner } = await ownerWithDevice(h());
    await attack(h(), email);
    for (let i = 0; i < DEFAULTS.deviceLockoutThreshold - 1; i++)
      expectInvalid(await owner.post('/sign-in/email', { email, password: WRONG }));
    expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await owner.post('/sign-out');

    for (let i = 0; i < DEFAULTS.deviceLockoutThreshold - 1; i++)
      expectInvalid(await owner.post('/sign-in/email', { email, password: WRONG }));
    expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('gives nothing to a device cookie of another account: that browser is a stranger to this one', async () => {
    const { email, userId } = await ownerWithDevice(h());
    const other = await ownerWithDevice(h());
    await attack(h(), email);

    expectLocked(await other.owner.post('/sign-in/email', { email, password: PASSWORD }));
    expect(await sessionsOf(h(), userId)).toHaveLength(1);
    // Its own account's cookie is kept: the refusal says nothing about it.
    expect(other.owner.cookies.has(DEVICE)).toBe(true);
  });

  it('gives nothing to a device cookie whose signature was tampered with, that is unsigned, or signed with another secret', async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    await attack(h(), email);
    const genuine = deviceValue(owner);
    const payload = genuine.slice(0, genuine.lastIndexOf('.'));
    const signature = genuine.slice(genuine.lastIndexOf('.') + 1);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const forged = `${randomString(32)}.${h().clock.now().getTime() + 86_400_000}.${sha256Hex(userId)}`;

    for (const value of [
      `${payload}.${flipped}`,
      payload,
      forged,
      signValue(forged, 'another-secret-another-secret-another-secret'),
      `${forged}.${signValue(forged, SECRET).slice(forged.length + 1, -4)}`,
      'garbage',
    ]) {
      expectLocked(await withDevice(h(), value).post('/sign-in/email', { email, password: PASSWORD }));
    }
    expect(await sessionsOf(h(), userId)).toHaveLength(1);
    // The genuine cookie, replayed from another address, is the owner's device.
    expect((await withDevice(h(), genuine).post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('gives nothing to a device cookie older than 30 days, even replayed after the browser dropped it', async () => {
    const { email, userId, owner } = await ownerWithDevice(h());
    const kept = deviceValue(owner);
    h().clock.advance(DEFAULTS.trustedDeviceCookieMaxAge + 1);
    await attack(h(), email);

    expectLocked(await withDevice(h(), kept).post('/sign-in/email', { email, password: PASSWORD }));
    expect(await sessionsOf(h(), userId)).toHaveLength(1);
  });

  it('gives nothing for an unknown e-mail: its identifier lock holds whatever device cookie is sent', async () => {
    const { owner } = await ownerWithDevice(h());
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
      expectInvalid(await h().client().post('/sign-in/email', { email: unknown, password: WRONG }));
    }
    expectLocked(await owner.post('/sign-in/email', { email: unknown, password: WRONG }));
  });
});

describeEachDialect(
  'device cookies: https',
  (h) => {
    it('is __Secure-latchkey.device with Secure when the base URL is https', async () => {
      const email = uniqueEmail('secure');
      const origin = 'https://auth.example.com';
      const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' }, { origin });
      expect(signUp.status).toBe(200);
      const response = await h().client().post('/sign-in/email', { email, password: PASSWORD }, { origin });
      expect(response.status).toBe(200);
      expect(response.setCookies.has(DEVICE)).toBe(false);
      expect(response.setCookies.get(`__Secure-${DEVICE}`)!.attributes).toMatchObject({
        secure: true,
        httponly: true,
        samesite: 'Lax',
        path: '/',
      });
    });
  },
  { baseURL: 'https://auth.example.com' },
);
