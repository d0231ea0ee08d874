/**
 * The session cookies as a browser receives them: names, attributes, signatures, remember-me and
 * the size limit of the cookie cache, on every dialect.
 */
import { createHash, createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect, ORIGIN, SECRET, uniqueEmail, type Harness, type TestClient } from './support/harness';
import { sessionRow } from './support/rows';

const TOKEN = 'latchkey.session_token';
const DATA = 'latchkey.session_data';
const DONT_REMEMBER = 'latchkey.dont_remember';
const PASSWORD = 'correct horse battery';
const WEEK = 7 * 24 * 60 * 60;

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (value: string) => createHmac('sha256', SECRET).update(value).digest('base64');
const time = (value: unknown) => new Date(value as string | Date).getTime();

/** Replaces one cookie in the client's jar, as a tampering user would. */
function setJarCookie(client: TestClient, name: string, decoded: string): void {
  client.cookies.set(name, encodeURIComponent(decoded));
}

async function signUpAndIn(h: () => Harness, email = uniqueEmail()) {
  await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Cookie Tester' });
  const client = h().client();
  const response = await client.post('/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { client, response, email };
}

describeEachDialect('session cookies on an http base URL', (h) => {
  it('sign-up sets a signed latchkey.session_token that is HttpOnly, SameSite=Lax, Path=/, lives 7 days and is not Secure', async () => {
    const response = await h()
      .client()
      .post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada' });
    expect(response.status).toBe(200);
    const cookie = response.setCookies.get(TOKEN);
    expect(cookie?.attributes).toEqual({ 'max-age': '604800', path: '/', httponly: true, samesite: 'Lax' });
    const token: string = response.body.token;
    expect(token).toMatch(/^[A-Za-z0-9]{32,}$/);
    expect(decodeURIComponent(cookie!.value)).toBe(`${token}.${hmac(token)}`);
  });

  it('sign-in sets the signed token cookie and a 60-second latchkey.session_data cache with the same attributes', async () => {
    const { response } = await signUpAndIn(h);
    const token: string = response.body.token;
    expect(decodeURIComponent(response.setCookies.get(TOKEN)!.value)).toBe(`${token}.${hmac(token)}`);
    expect(response.setCookies.get(TOKEN)!.attributes).toEqual({
      'max-age': '604800',
      path: '/',
      httponly: true,
      samesite: 'Lax',
    });
    const cache = response.setCookies.get(DATA)!;
    expect(cache.attributes).toEqual({ 'max-age': '60', path: '/', httponly: true, samesite: 'Lax' });
    const signed = decodeURIComponent(cache.value);
    const dot = signed.lastIndexOf('.');
    // The cache's signature covers the token beside it, binding the two.
    expect(signed.slice(dot + 1)).toBe(
      createHmac('sha256', SECRET)
        .update(`${token}.${signed.slice(0, dot)}`)
        .digest('base64url'),
    );
  });

  it('a remembered sign-in sends a deletion of any dont_remember marker', async () => {
    const { response } = await signUpAndIn(h);
    expect(response.setCookies.get(DONT_REMEMBER)).toMatchObject({ value: '', attributes: { 'max-age': '0' } });
  });

  it('the database holds only the SHA-256 digest of the token the cookie carries, in no table any copy of the token', async () => {
    const { client, response } = await signUpAndIn(h);
    const token: string = response.body.token;
    const signed = decodeURIComponent(client.cookies.get(TOKEN)!);
    expect(signed.startsWith(`${token}.`)).toBe(true);
    const row = await sessionRow(h(), token);
    expect(row?.token).toBe(sha256Hex(token));
    const { db } = h().auth.context;
    const dump = JSON.stringify([
      await db.selectFrom('session').selectAll().execute(),
      await db.selectFrom('user').selectAll().execute(),
      await db.selectFrom('account').selectAll().execute(),
      await db.selectFrom('verification').selectAll().execute(),
    ]);
    expect(dump).not.toContain(token);
  });

  it('get-session answers null for another token beside a valid cache: the cache vouches only for its own token', async () => {
    const { client, response } = await signUpAndIn(h);
    const token: string = response.body.token;
    const swapped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    for (const forged of [`${swapped}.${hmac(swapped)}`, `${swapped}.${hmac(token)}`]) {
      setJarCookie(client, TOKEN, forged);
      const session = await client.get('/get-session');
      expect(session.status).toBe(200);
      expect(session.text).toBe('null');
    }
    expect(await sessionRow(h(), token)).toBeDefined();
  });

  it('get-session answers null for an unsigned token, a token signed with another secret, and another token under a valid signature', async () => {
    const { client, response } = await signUpAndIn(h);
    const token: string = response.body.token;
    const otherSecret = createHmac('sha256', 'another-secret-another-secret-another-1').update(token).digest('base64');
    const swapped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    for (const forged of [token, `${token}.${otherSecret}`, `${swapped}.${hmac(token)}`, `${token}.`]) {
      setJarCookie(client, TOKEN, forged);
      const session = await client.get('/get-session?disableCookieCache=true');
      expect(session.text).toBe('null');
    }
  });

  it('get-session ignores a cache cookie whose payload was altered and answers from the database', async () => {
    const { client } = await signUpAndIn(h);
    const signed = decodeURIComponent(client.cookies.get(DATA)!);
    const dot = signed.lastIndexOf('.');
    const payload = Buffer.from(signed.slice(0, dot), 'base64url').toString().replace('Cookie Tester', 'Mallory');
    setJarCookie(client, DATA, `${Buffer.from(payload).toString('base64url')}${signed.slice(dot)}`);
    const session = await client.get('/get-session');
    expect(session.body.user.name).toBe('Cookie Tester');
  });

  it("a cache cookie cannot vouch for another session: with one user's cache and another's token, get-session shows the token's owner", async () => {
    const alice = await signUpAndIn(h);
    const bob = await signUpAndIn(h);
    alice.client.cookies.set(DATA, bob.client.cookies.get(DATA)!);
    const session = await alice.client.get('/get-session');
    expect(session.body.user.email).toBe(alice.email);
    expect(session.body.session.token).toBe(alice.response.body.token);
  });
});

describeEachDialect('remember me', (h) => {
  it('sign-in with rememberMe false gives a token cookie without Max-Age and a signed, HttpOnly dont_remember marker', async () => {
    const email = uniqueEmail();
    await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
    const response = await h().client().post('/sign-in/email', { email, password: PASSWORD, rememberMe: false });
    expect(response.status).toBe(200);
    expect(response.setCookies.get(TOKEN)!.attributes).toEqual({ path: '/', httponly: true, samesite: 'Lax' });
    const marker = response.setCookies.get(DONT_REMEMBER)!;
    expect(decodeURIComponent(marker.value)).toBe(`true.${hmac('true')}`);
    expect(marker.attributes).toEqual({ path: '/', httponly: true, samesite: 'Lax' });
  });

  it('sign-up with rememberMe false gives the same session cookie without Max-Age and the marker', async () => {
    const response = await h()
      .client()
      .post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada', rememberMe: false });
    expect(response.status).toBe(200);
    expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBeUndefined();
    expect(decodeURIComponent(response.setCookies.get(DONT_REMEMBER)!.value)).toBe(`true.${hmac('true')}`);
  });

  it('a later remembered sign-in in the same browser removes the marker and sets Max-Age again', async () => {
    const email = uniqueEmail();
    const client = h().client();
    await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Ada', rememberMe: false });
    expect(client.cookies.has(DONT_REMEMBER)).toBe(true);
    const response = await client.post('/sign-in/email', { email, password: PASSWORD, rememberMe: true });
    expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe('604800');
    expect(response.setCookies.get(DONT_REMEMBER)!.attributes['max-age']).toBe('0');
    expect(client.cookies.has(DONT_REMEMBER)).toBe(false);
  });
});

describeEachDialect('the cookie cache size limit', (h) => {
  const bigUser = () => ({
    email: uniqueEmail(),
    password: PASSWORD,
    name: 'N'.repeat(256),
    image: 'https://images.example.com/' + 'i'.repeat(2048 - 27),
  });
  const longAgent = { headers: { 'user-agent': 'Agent/' + 'a'.repeat(506) } };

  it('a session whose cache would exceed 4093 characters gets no cache cookie, and get-session still answers from the database', async () => {
    const client = h().client();
    const body = bigUser();
    expect(body.image).toHaveLength(2048);
    const signUp = await client.post('/sign-up/email', body, longAgent);
    expect(signUp.status).toBe(200);
    expect(signUp.setCookies.get(TOKEN)?.value).toBeTruthy();
    expect(signUp.setCookies.get(DATA)?.value ?? '').toBe('');
    expect(client.cookies.has(DATA)).toBe(false);

    const session = await client.get('/get-session', longAgent);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ name: body.name, image: body.image, email: body.email });
    expect(session.setCookies.get(DATA)?.value ?? '').toBe('');

    // No cache stands in for the database: deleting the row ends the session at once.
    await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(signUp.body.token)).execute();
    expect((await client.get('/get-session')).text).toBe('null');
  });
});

describeEachDialect(
  'session cookies with the cookie cache turned off',
  (h) => {
    it('sign-in and get-session set no latchkey.session_data cookie', async () => {
      const { client, response } = await signUpAndIn(h);
      expect(response.setCookies.has(DATA)).toBe(false);
      expect(response.setCookies.get(TOKEN)?.value).toBeTruthy();
      const session = await client.get('/get-session');
      expect(session.body.user).toBeTruthy();
      expect(session.setCookies.has(DATA)).toBe(false);
      expect(client.cookies.has(DATA)).toBe(false);
    });

    it('every get-session reads the database, so a deleted session ends at once', async () => {
      const { client, response } = await signUpAndIn(h);
      await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(response.body.token)).execute();
      expect((await client.get('/get-session')).text).toBe('null');
    });
  },
  { session: { cookieCache: { enabled: false } } },
);

describeEachDialect(
  'session cookies on an https base URL',
  (h) => {
    const httpsOrigin = { origin: 'https://auth.example.com' };

    it('are named __Secure-latchkey.* and carry Secure, HttpOnly, SameSite=Lax and Path=/', async () => {
      const email = uniqueEmail();
      await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' }, httpsOrigin);
      const client = h().client();
      const response = await client.post('/sign-in/email', { email, password: PASSWORD }, httpsOrigin);
      expect(response.status).toBe(200);
      expect(response.setCookies.has(TOKEN)).toBe(false);
      expect(response.setCookies.get(`__Secure-${TOKEN}`)!.attributes).toEqual({
        'max-age': '604800',
        path: '/',
        httponly: true,
        samesite: 'Lax',
        secure: true,
      });
      expect(response.setCookies.get(`__Secure-${DATA}`)!.attributes).toMatchObject({
        'max-age': '60',
        secure: true,
        httponly: true,
      });

      const session = await client.get('/get-session');
      expect(session.body.user.email).toBe(email);
    });

    it('the dont_remember marker is __Secure- and Secure too', async () => {
      const response = await h()
        .client()
        .post(
          '/sign-up/email',
          { email: uniqueEmail(), password: PASSWORD, name: 'Ada', rememberMe: false },
          httpsOrigin,
        );
      expect(response.setCookies.get(`__Secure-${DONT_REMEMBER}`)!.attributes).toMatchObject({
        secure: true,
        httponly: true,
      });
      expect(response.setCookies.get(`__Secure-${TOKEN}`)!.attributes['max-age']).toBeUndefined();
    });

    it('a token under the plain cookie name is not read', async () => {
      const client = h().client();
      const signUp = await client.post(
        '/sign-up/email',
        { email: uniqueEmail(), password: PASSWORD, name: 'Ada' },
        httpsOrigin,
      );
      const plain = h().client();
      plain.cookies.set(TOKEN, client.cookies.get(`__Secure-${TOKEN}`)!);
      expect((await plain.get('/get-session')).text).toBe('null');
      expect((await client.get('/get-session')).body.session.token).toBe(signUp.body.token);
    });

    it('sign-out clears the __Secure- cookies with Secure kept, so the browser accepts the deletion', async () => {
      const client = h().client();
      await client.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada' }, httpsOrigin);
      const response = await client.post('/sign-out', {}, httpsOrigin);
      expect(response.body).toEqual({ success: true });
      for (const name of [TOKEN, DATA, DONT_REMEMBER]) {
        expect(response.setCookies.get(`__Secure-${name}`)!.attributes).toMatchObject({ 'max-age': '0', secure: true });
      }
    });
  },
  { baseURL: 'https://auth.example.com' },
);

describeEachDialect(
  'session cookies on an https base URL with the test origin trusted',
  (h) => {
    it('a sign-up from a trusted origin gets the __Secure- cookie with Secure', async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada' }, { origin: ORIGIN });
      expect(response.status).toBe(200);
      expect(response.setCookies.get(`__Secure-${TOKEN}`)!.attributes.secure).toBe(true);
    });
  },
  { baseURL: 'https://auth.example.com', trustedOrigins: [ORIGIN] },
);

describeEachDialect(
  'session cookies when the session outlives 400 days',
  (h) => {
    it('caps the token cookie Max-Age at 34560000 seconds while the session keeps its full lifetime', async () => {
      const client = h().client();
      const response = await client.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada' });
      expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe('34560000');
      const row = await sessionRow(h(), response.body.token);
      expect(time(row!.expiresAt)).toBe(h().clock.now().getTime() + 500 * 24 * 60 * 60 * 1000);
    });
  },
  { session: { expiresIn: 500 * 24 * 60 * 60 } },
);

describeEachDialect(
  'session cookies with a configured lifetime',
  (h) => {
    it('sets the token cookie Max-Age to the configured session lifetime', async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Ada' });
      expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe(String(WEEK * 2));
      const row = await sessionRow(h(), response.body.token);
      expect(time(row!.expiresAt) - time(row!.createdAt)).toBe(WEEK * 2 * 1000);
    });
  },
  { session: { expiresIn: WEEK * 2 } },
);
