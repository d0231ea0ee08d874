/**
 * A session over time, on the injected clock: creation, refresh after the update age, expiry, the
 * 60-second cookie cache, remember-me, and sign-out. Each suite that moves the clock has its own
 * database and clock, and each test its own users.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEFAULTS, defineEndpoint, type Plugin } from '../src';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { sessionRow } from './support/rows';

const TOKEN = 'latchkey.session_token';
const DATA = 'latchkey.session_data';
const DONT_REMEMBER = 'latchkey.dont_remember';
const PASSWORD = 'correct horse battery';
const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const time = (value: unknown) => new Date(value as string | Date).getTime();

function deleteSessionRow(h: () => Harness, token: string) {
  return h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(token)).execute();
}

const nowMs = (h: () => Harness) => h().clock.now().getTime();

/** A route behind the fresh-session guard, as later features (delete-user…) will have. */
const freshProbe: Plugin = {
  id: 'fresh-probe',
  endpoints: [
    defineEndpoint({
      id: 'freshProbe',
      method: 'GET',
      path: '/test/fresh',
      session: 'fresh',
      handler: async ({ session }) => ({ sessionId: session.session.id }),
    }),
  ],
};

describeEachDialect('session creation', (h) => {
  it('records the client address the handler was given and the User-Agent header', async () => {
    const client = h().client('198.51.100.23');
    const response = await client.post(
      '/sign-up/email',
      { email: uniqueEmail(), password: PASSWORD, name: 'Ada' },
      { headers: { 'user-agent': 'Mozilla/5.0 (Latchkey test)' } },
    );
    const row = await sessionRow(h(), response.body.token);
    expect(row).toMatchObject({
      ipAddress: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (Latchkey test)',
      userId: response.body.user.id,
    });
    expect(time(row!.createdAt)).toBe(nowMs(h));
    expect(time(row!.updatedAt)).toBe(nowMs(h));
    expect(time(row!.expiresAt)).toBe(nowMs(h) + WEEK * 1000);
  });

  it("records the address of a sign-in separately from the sign-up's", async () => {
    const email = uniqueEmail();
    await h().client('198.51.100.1').post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
    const response = await h()
      .client('2001:db8::1')
      .post('/sign-in/email', { email, password: PASSWORD }, { headers: { 'user-agent': 'curl/8.0' } });
    const row = await sessionRow(h(), response.body.token);
    expect(row).toMatchObject({ ipAddress: '2001:db8::1', userAgent: 'curl/8.0' });
  });

  it('keeps only the first 512 characters of an overlong User-Agent', async () => {
    const response = await h()
      .client()
      .post(
        '/sign-up/email',
        { email: uniqueEmail(), password: PASSWORD, name: 'Ada' },
        { headers: { 'user-agent': 'x'.repeat(2000) } },
      );
    expect((await sessionRow(h(), response.body.token))!.userAgent).toBe('x'.repeat(512));
  });

  it('gives every sign-in a new session with its own token', async () => {
    const email = uniqueEmail();
    const first = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
    const second = await h().client().post('/sign-in/email', { email, password: PASSWORD });
    expect(second.body.token).not.toBe(first.body.token);
    const rows = await h()
      .auth.context.db.selectFrom('session')
      .select('id')
      .where('userId', '=', first.body.user.id)
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describeEachDialect('session refresh', (h) => {
  it('get-session before the update age leaves expiresAt in the database and the token cookie alone', async () => {
    const { client, token } = await h().signUp();
    const before = await sessionRow(h(), token);
    h().clock.advance(DAY - HOUR);
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(response.status).toBe(200);
    expect(response.body.session.expiresAt).toBe(new Date(before!.expiresAt).toISOString());
    expect(response.setCookies.has(TOKEN)).toBe(false);
    const after = await sessionRow(h(), token);
    expect(time(after!.expiresAt)).toBe(time(before!.expiresAt));
    expect(time(after!.updatedAt)).toBe(time(before!.updatedAt));
  });

  it('get-session after the update age slides expiresAt to now + 7 days in the database and re-sets the token cookie', async () => {
    const { client, token } = await h().signUp();
    const signed = client.cookies.get(TOKEN);
    h().clock.advance(DAY + 1);
    const response = await client.get('/get-session');
    const expected = nowMs(h) + WEEK * 1000;
    expect(response.body.session.expiresAt).toBe(new Date(expected).toISOString());
    const row = await sessionRow(h(), token);
    expect(time(row!.expiresAt)).toBe(expected);
    expect(time(row!.updatedAt)).toBe(nowMs(h));
    // Same token, new lifetime; and a fresh cache carrying the new expiry.
    expect(response.setCookies.get(TOKEN)).toEqual({
      value: signed,
      attributes: { 'max-age': '604800', path: '/', httponly: true, samesite: 'Lax' },
    });
    expect(response.setCookies.get(DATA)!.attributes['max-age']).toBe('60');
  });

  it('a refresh happens once: the next get-session within the update age does not write again', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(DAY + 1);
    await client.get('/get-session?disableCookieCache=true');
    const refreshed = await sessionRow(h(), token);
    h().clock.advance(HOUR);
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(response.setCookies.has(TOKEN)).toBe(false);
    expect(time((await sessionRow(h(), token))!.expiresAt)).toBe(time(refreshed!.expiresAt));
  });

  it('disableRefresh=true answers the session without sliding its expiry', async () => {
    const { client, token } = await h().signUp();
    const before = await sessionRow(h(), token);
    h().clock.advance(2 * DAY);
    const response = await client.get('/get-session?disableRefresh=true&disableCookieCache=true');
    expect(response.body.session.id).toBe(before!.id);
    expect(response.setCookies.has(TOKEN)).toBe(false);
    expect(time((await sessionRow(h(), token))!.expiresAt)).toBe(time(before!.expiresAt));
  });

  it('a session kept in use outlives its first seven days', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(6 * DAY);
    expect((await client.get('/get-session')).body.session).toBeTruthy();
    h().clock.advance(6 * DAY);
    const response = await client.get('/get-session');
    expect(response.body.session.token).toBe(token);
    expect(await sessionRow(h(), token)).toBeDefined();
  });
});

describeEachDialect('session expiry', (h) => {
  it('after 7 days get-session answers null, deletes the expired row and clears all three cookies', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(WEEK + 1);
    const response = await client.get('/get-session');
    expect(response.status).toBe(200);
    expect(response.text).toBe('null');
    for (const name of [TOKEN, DATA, DONT_REMEMBER]) {
      expect(response.setCookies.get(name)).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    }
    expect(await sessionRow(h(), token)).toBeUndefined();
    expect(client.cookies.size).toBe(0);
  });

  it('an expired session is also refused by routes that need a session, and its row is deleted', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(WEEK + 1);
    const response = await client.get('/list-sessions');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(await sessionRow(h(), token)).toBeUndefined();
  });

  it('an expired session is not revived by disableRefresh', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(WEEK);
    expect((await client.get('/get-session?disableRefresh=true')).text).toBe('null');
    expect(await sessionRow(h(), token)).toBeUndefined();
  });
});

describeEachDialect(
  'session expiry within the cookie cache window',
  (h) => {
    it('a cache cookie still within its 60 seconds does not keep a session past its expiry', async () => {
      const { client, token } = await h().signUp();
      h().clock.advance(31);
      expect((await client.get('/get-session')).text).toBe('null');
      expect(await sessionRow(h(), token)).toBeUndefined();
    });
  },
  { session: { expiresIn: 30 } },
);

describeEachDialect('the cookie cache', (h) => {
  it('answers get-session within 60 seconds even after the row is gone, while disableCookieCache=true goes to the database', async () => {
    const { client, token, user } = await h().signUp();
    await deleteSessionRow(h, token);
    h().clock.advance(59);
    const cached = await client.get('/get-session');
    expect(cached.status).toBe(200);
    expect(cached.body.user.id).toBe(user.id);
    expect(cached.body.session.token).toBe(token);
    expect(cached.setCookies.size).toBe(0);

    const fresh = await client.get('/get-session?disableCookieCache=true');
    expect(fresh.text).toBe('null');
    expect(fresh.setCookies.get(TOKEN)!.attributes['max-age']).toBe('0');
  });

  it('answers from the cache in the same shape as from the database', async () => {
    const { client } = await h().signUp();
    const fromCache = await client.get('/get-session');
    const fromDatabase = await client.get('/get-session?disableCookieCache=true');
    expect(fromCache.body).toEqual(fromDatabase.body);
  });

  it('after 61 seconds is no longer used: get-session reads the database and finds the row gone', async () => {
    const { client, token } = await h().signUp();
    await deleteSessionRow(h, token);
    h().clock.advance(61);
    const response = await client.get('/get-session');
    expect(response.text).toBe('null');
    expect(client.cookies.size).toBe(0);
  });

  it('is rewritten for another 60 seconds whenever get-session reads the database', async () => {
    const { client, token } = await h().signUp();
    h().clock.advance(61);
    const response = await client.get('/get-session');
    expect(response.setCookies.get(DATA)!.attributes['max-age']).toBe('60');
    await deleteSessionRow(h, token);
    h().clock.advance(30);
    expect((await client.get('/get-session')).body.session.token).toBe(token);
    h().clock.advance(31);
    expect((await client.get('/get-session')).text).toBe('null');
  });

  it('is not consulted by state-changing routes: a deleted session cannot update the user through its cache', async () => {
    const { client, token, user } = await h().signUp();
    await deleteSessionRow(h, token);
    const response = await client.post('/update-user', { name: 'Changed' });
    expect(response.status).toBe(401);
    const row = await h()
      .auth.context.db.selectFrom('user')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row!.name).toBe('Test User');
  });
});

describeEachDialect(
  'remember me false',
  (h) => {
    async function signInWithoutRemember() {
      const email = uniqueEmail();
      await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
      const client = h().client();
      const response = await client.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false });
      expect(response.status).toBe(200);
      return { client, token: response.body.token as string };
    }

    it('creates a session that lasts the short "don\'t remember" lifetime', async () => {
      const { token } = await signInWithoutRemember();
      const row = await sessionRow(h(), token);
      expect(time(row!.expiresAt)).toBe(nowMs(h) + DEFAULTS.dontRememberSessionExpiresIn * 1000);
    });

    it('is never refreshed: get-session past the update age leaves expiresAt as it was and sets no token cookie', async () => {
      const { client, token } = await signInWithoutRemember();
      const before = await sessionRow(h(), token);
      h().clock.advance(2 * HOUR);
      const response = await client.get('/get-session?disableCookieCache=true');
      expect(response.body.session.token).toBe(token);
      expect(response.setCookies.has(TOKEN)).toBe(false);
      expect(client.cookies.has(DONT_REMEMBER)).toBe(true);
      expect(time((await sessionRow(h(), token))!.expiresAt)).toBe(time(before!.expiresAt));
      h().clock.advance(2 * HOUR);
      await client.get('/get-session');
      expect(time((await sessionRow(h(), token))!.expiresAt)).toBe(time(before!.expiresAt));
    });

    it('a remembered session under the same options is refreshed past the update age', async () => {
      const { client, token } = await h().signUp();
      h().clock.advance(2 * HOUR);
      const response = await client.get('/get-session?disableCookieCache=true');
      expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe('604800');
      expect(time((await sessionRow(h(), token))!.expiresAt)).toBe(nowMs(h) + WEEK * 1000);
    });

    it('ends when its lifetime is over, however often it was used', async () => {
      const { client, token } = await signInWithoutRemember();
      for (let i = 0; i < 4; i++) {
        h().clock.advance(6 * HOUR - 1);
        expect((await client.get('/get-session?disableCookieCache=true')).body.session.token).toBe(token);
      }
      h().clock.advance(5);
      expect((await client.get('/get-session')).text).toBe('null');
      expect(await sessionRow(h(), token)).toBeUndefined();
    });
  },
  { session: { updateAge: HOUR } },
);

describeEachDialect('sign-out', (h) => {
  it('answers {success: true}, deletes the session row and clears all three cookies with Max-Age=0', async () => {
    const { client, token } = await h().signUp();
    const response = await client.post('/sign-out');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    for (const name of [TOKEN, DATA, DONT_REMEMBER]) {
      expect(response.setCookies.get(name)).toEqual({
        value: '',
        attributes: { 'max-age': '0', path: '/', httponly: true, samesite: 'Lax' },
      });
    }
    expect(await sessionRow(h(), token)).toBeUndefined();
    expect(client.cookies.size).toBe(0);
    expect((await client.get('/get-session')).text).toBe('null');
  });

  it('a copy of the token cookie kept from before sign-out no longer opens a session', async () => {
    const { client, token } = await h().signUp();
    const kept = new Map(client.cookies);
    await client.post('/sign-out');
    const replay = h().client();
    replay.cookies.set(TOKEN, kept.get(TOKEN)!);
    expect((await replay.get('/get-session')).text).toBe('null');
    expect(await sessionRow(h(), token)).toBeUndefined();
  });

  it("ends only the session of the browser that signs out, not the user's other sessions", async () => {
    const email = uniqueEmail();
    const { client: first, token: firstToken } = await h().signUp(email);
    const second = h().client();
    const signIn = await second.post('/sign-in/email', { email, password: PASSWORD });
    await first.post('/sign-out');
    expect(await sessionRow(h(), firstToken)).toBeUndefined();
    expect(await sessionRow(h(), signIn.body.token)).toBeDefined();
    expect((await second.get('/get-session?disableCookieCache=true')).body.session.token).toBe(signIn.body.token);
  });

  it('also clears the dont_remember marker of a session that was not remembered', async () => {
    const client = h().client();
    await client.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada', rememberMe: false });
    expect(client.cookies.has(DONT_REMEMBER)).toBe(true);
    await client.post('/sign-out');
    expect(client.cookies.size).toBe(0);
  });
});

describeEachDialect(
  'session freshness',
  (h) => {
    it('a session signed in less than a day ago passes the fresh-session guard', async () => {
      const { client, token } = await h().signUp();
      h().clock.advance(DAY - 60);
      const response = await client.get('/test/fresh');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ sessionId: (await sessionRow(h(), token))!.id });
    });

    it('a session signed in more than a day ago answers 403 SESSION_IS_NOT_FRESH, even though refreshing keeps it alive', async () => {
      const { client } = await h().signUp();
      h().clock.advance(DAY + 1);
      expect((await client.get('/get-session')).body.session).toBeTruthy();
      const response = await client.get('/test/fresh');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'SESSION_IS_NOT_FRESH', message: 'Session is not fresh' });
    });

    it('a new sign-in is fresh again', async () => {
      const email = uniqueEmail();
      await h().signUp(email);
      h().clock.advance(2 * DAY);
      const client = h().client();
      await client.post('/sign-in/email', { email, password: PASSWORD });
      expect((await client.get('/test/fresh')).status).toBe(200);
    });

    it('answers 401 UNAUTHORIZED without a session', async () => {
      expect((await h().client().get('/test/fresh')).status).toBe(401);
    });
  },
  { plugins: [freshProbe] },
);

describeEachDialect(
  'session freshness turned off',
  (h) => {
    it('with freshAge 0 a session of any age passes the fresh-session guard', async () => {
      const { client } = await h().signUp();
      h().clock.advance(6 * DAY);
      expect((await client.get('/test/fresh')).status).toBe(200);
    });
  },
  { plugins: [freshProbe], session: { freshAge: 0 } },
);

describeEachDialect(
  'session freshness with a configured age',
  (h) => {
    it('follows the configured fresh age', async () => {
      const { client } = await h().signUp();
      h().clock.advance(HOUR - 1);
      expect((await client.get('/test/fresh')).status).toBe(200);
      h().clock.advance(2);
      expect((await client.get('/test/fresh')).status).toBe(403);
    });
  },
  { plugins: [freshProbe], session: { freshAge: HOUR } },
);
