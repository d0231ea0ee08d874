import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { randomString } from '../src/crypto/random';
import { describeEachDialect, uniqueEmail } from './support/harness';
import { countRows, sessionsOf } from './support/rows';
import { expectInvalidBody } from './support/invalid-body';

const PASSWORD = 'correct horse battery';
const INVALID_CREDENTIALS = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

describeEachDialect('POST /sign-in/email', (h) => {
  it('answers {redirect: false, token, user} without a url, sets the session cookie and stores a new session', async () => {
    const email = uniqueEmail('signin');
    const { user } = await h().signUp(email, PASSWORD, 'Grace Hopper');
    const client = h().client();

    const response = await client.post('/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirect: false, token: expect.any(String), user });
    expect('url' in response.body).toBe(false);
    expect(response.body.token.length).toBeGreaterThanOrEqual(32);
    expect(response.setCookies.get('latchkey.session_token')?.value).toBeTruthy();

    const sessions = await sessionsOf(h(), user.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.token)).toContain(sha256Hex(response.body.token));

    const session = await client.get('/get-session');
    expect(session.status).toBe(200);
    expect(session.body.user).toEqual(user);
  });

  it('signs in whatever the case and surrounding spaces of the typed e-mail', async () => {
    const email = uniqueEmail('anycase');
    const { user } = await h().signUp(email, PASSWORD);

    const response = await h()
      .client()
      .post('/sign-in/email', { email: `  ${email.toUpperCase()} `, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, email });
  });

  it('answers redirect: true and the url when a relative callbackURL is given', async () => {
    const email = uniqueEmail('callback');
    await h().signUp(email, PASSWORD);

    const response = await h()
      .client()
      .post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/dashboard?tab=1' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: true, url: '/dashboard?tab=1', token: expect.any(String) });
  });

  it('answers redirect: true and the url when the callbackURL is on the trusted origin', async () => {
    const email = uniqueEmail('absolute');
    await h().signUp(email, PASSWORD);

    const response = await h()
      .client()
      .post('/sign-in/email', { email, password: PASSWORD, callbackURL: 'http://localhost:3000/home' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: true, url: 'http://localhost:3000/home' });
  });

  it('answers 401 INVALID_EMAIL_OR_PASSWORD for a wrong password and creates no session', async () => {
    const email = uniqueEmail('wrong');
    const { user } = await h().signUp(email, PASSWORD);

    const response = await h().client().post('/sign-in/email', { email, password: 'not the password' });

    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
    expect(response.setCookies.size).toBe(0);
    expect(await sessionsOf(h(), user.id)).toHaveLength(1);
  });

  it('answers 401 INVALID_EMAIL_OR_PASSWORD for an unknown e-mail and creates no session', async () => {
    const before = await countRows(h(), 'session');

    const response = await h()
      .client()
      .post('/sign-in/email', { email: uniqueEmail('nobody'), password: PASSWORD });

    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
    expect(response.setCookies.size).toBe(0);
    expect(await countRows(h(), 'session')).toBe(before);
  });

  it('answers an unknown e-mail and a wrong password with byte-identical bodies and the same headers', async () => {
    const email = uniqueEmail('same');
    await h().signUp(email, PASSWORD);

    const wrong = await h().client().post('/sign-in/email', { email, password: 'wrong password' });
    const unknown = await h()
      .client()
      .post('/sign-in/email', { email: uniqueEmail('ghost'), password: 'wrong password' });

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect([...unknown.headers.entries()]).toEqual([...wrong.headers.entries()]);
  });

  it('answers 401 INVALID_EMAIL_OR_PASSWORD for a user who has no password (no credential account)', async () => {
    const db = h().auth.context.db;
    const email = uniqueEmail('oauthonly');
    const now = h().clock.now();
    const id = randomString(32);
    await db
      .insertInto('user')
      .values({ id, name: 'Social', email, emailVerified: true, image: null, createdAt: now, updatedAt: now })
      .execute();
    await db
      .insertInto('account')
      .values({
        id: randomString(32),
        accountId: '12345',
        providerId: 'github',
        userId: id,
        accessToken: 'gho_x',
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    const response = await h().client().post('/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
    expect(await sessionsOf(h(), id)).toHaveLength(0);
  });

  for (const [label, email] of [
    ['malformed', 'not-an-email'],
    ['typed with a full-width ＠', 'alice\uff20example.com'],
    ['a comma-separated list', 'alice@example.com,bob@example.com'],
  ] as const) {
    it(`answers 400 INVALID_EMAIL for an e-mail that is ${label}`, async () => {
      const before = await countRows(h(), 'session');
      const response = await h().client().post('/sign-in/email', { email, password: PASSWORD });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
      expect(await countRows(h(), 'session')).toBe(before);
    });
  }

  it('answers 400 VALIDATION_ERROR naming the password field when it is missing', async () => {
    const response = await h()
      .client()
      .post('/sign-in/email', { email: uniqueEmail('nopass') });
    expectInvalidBody(response, ['password']);
  });

  it('never truncates passwords: a 100-character password does not sign in with its first 72 characters', async () => {
    const email = uniqueEmail('long');
    const password = 'Tr0ub4dor&3-'.repeat(9).slice(0, 100);
    expect(password).toHaveLength(100);
    const { user } = await h().signUp(email, password);

    const truncated = await h()
      .client()
      .post('/sign-in/email', { email, password: password.slice(0, 72) });
    expect(truncated.status).toBe(401);
    expect(truncated.body).toEqual(INVALID_CREDENTIALS);
    const almost = await h()
      .client()
      .post('/sign-in/email', { email, password: password.slice(0, 99) });
    expect(almost.status).toBe(401);
    expect(await sessionsOf(h(), user.id)).toHaveLength(1);

    const whole = await h().client().post('/sign-in/email', { email, password });
    expect(whole.status).toBe(200);
    expect(await sessionsOf(h(), user.id)).toHaveLength(2);
  });

  it('never trims passwords: leading and trailing spaces must be typed', async () => {
    const email = uniqueEmail('spaces');
    const password = '  padded password  ';
    const { user } = await h().signUp(email, password);

    for (const attempt of ['padded password', '  padded password', 'padded password  ']) {
      const response = await h().client().post('/sign-in/email', { email, password: attempt });
      expect(response.status, JSON.stringify(attempt)).toBe(401);
      expect(response.body).toEqual(INVALID_CREDENTIALS);
    }
    expect(await sessionsOf(h(), user.id)).toHaveLength(1);

    expect((await h().client().post('/sign-in/email', { email, password })).status).toBe(200);
  });

  it('signs in with a composed é after signing up with a decomposed one, and the other way round', async () => {
    const composed = 'caf\u00e9 cr\u00e8me br\u00fbl\u00e9e';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);

    const first = uniqueEmail('nfc');
    await h().signUp(first, composed);
    const viaDecomposed = await h().client().post('/sign-in/email', { email: first, password: decomposed });
    expect(viaDecomposed.status).toBe(200);

    const second = uniqueEmail('nfd');
    await h().signUp(second, decomposed);
    const viaComposed = await h().client().post('/sign-in/email', { email: second, password: composed });
    expect(viaComposed.status).toBe(200);
    const viaSame = await h().client().post('/sign-in/email', { email: second, password: decomposed });
    expect(viaSame.status).toBe(200);
  });
});
