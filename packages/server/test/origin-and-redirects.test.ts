import { z } from 'zod';
import { expect, it } from 'vitest';
import { defineEndpoint, ERRORS, redirectUrl, type Plugin } from '../src';
import { describeEachDialect, ORIGIN, uniqueEmail } from './support/harness';
import { CROSS_SITE_NAVIGATION } from './support/form-post';
import { expectNothingChanged } from './support/rows';

const PASSWORD = 'correct horse battery';
const EVIL = 'https://evil.example';

const missingOrigin = { code: 'MISSING_OR_NULL_ORIGIN', message: 'Missing or null Origin' };
const invalidOrigin = { code: 'INVALID_ORIGIN', message: 'Invalid origin' };
const invalidCallbackURL = { code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' };
const crossSiteNavigation = {
  code: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  message: 'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
};

describeEachDialect('origin check', (h) => {
  it('refuses a cookie-bearing POST /sign-out without Origin or Referer with 403 MISSING_OR_NULL_ORIGIN and keeps the session', async () => {
    const { client } = await h().signUp();
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/sign-out', {}, { origin: null });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(missingOrigin);
      expect(response.setCookies.size).toBe(0);
    });
    expect((await client.get('/get-session')).body?.user).toBeTruthy();
  });

  it('refuses a cookie-bearing POST /update-user with `Origin: null` with 403 MISSING_OR_NULL_ORIGIN', async () => {
    const { client } = await h().signUp();
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/update-user', { name: 'Changed' }, { origin: 'null' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(missingOrigin);
    });
  });

  it('refuses a cookie-bearing POST /update-user from an untrusted Origin with 403 INVALID_ORIGIN', async () => {
    const { client } = await h().signUp();
    for (const origin of [
      EVIL,
      'http://localhost:3001',
      'https://localhost:3000',
      'http://localhost:3000.evil.example',
    ]) {
      await expectNothingChanged(h(), async () => {
        const response = await client.post('/update-user', { name: 'Changed' }, { origin });
        expect(response.status, origin).toBe(403);
        expect(response.body).toEqual(invalidOrigin);
      });
    }
  });

  it('refuses an untrusted Origin even when the Referer is trusted', async () => {
    const { client } = await h().signUp();
    await expectNothingChanged(h(), async () => {
      const response = await client.post(
        '/update-user',
        { name: 'Changed' },
        { origin: EVIL, headers: { referer: 'http://localhost:3000/account' } },
      );
      expect(response.body).toEqual(invalidOrigin);
    });
  });

  it('accepts a cookie-bearing POST with a trusted Referer and no Origin', async () => {
    const { client, user } = await h().signUp();
    const response = await client.post(
      '/update-user',
      { name: 'Via Referer' },
      { origin: null, headers: { referer: 'http://localhost:3000/account/settings' } },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect((await h().auth.context.users.findById(user.id))?.name).toBe('Via Referer');
  });

  it('refuses a cookie-bearing POST with an untrusted Referer and no Origin with 403 INVALID_ORIGIN', async () => {
    const { client } = await h().signUp();
    await expectNothingChanged(h(), async () => {
      const response = await client.post(
        '/update-user',
        { name: 'Changed' },
        { origin: null, headers: { referer: `${EVIL}/page` } },
      );
      expect(response.status).toBe(403);
      expect(response.body).toEqual(invalidOrigin);
    });
  });

  it('does not check GET requests that carry cookies', async () => {
    const { client, user } = await h().signUp();
    for (const origin of [EVIL, null]) {
      const response = await client.get('/get-session', { origin });
      expect(response.status).toBe(200);
      expect(response.body.user.id).toBe(user.id);
    }
  });

  it('does not check an ordinary POST that carries no cookie', async () => {
    const response = await h().client().post('/sign-out', {}, { origin: EVIL });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
  });

  it('refuses POST /sign-up/email without cookies from an untrusted Origin with 403 INVALID_ORIGIN and creates no user', async () => {
    const email = uniqueEmail('csrf-sign-up');
    await expectNothingChanged(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: PASSWORD, name: 'Victim' }, { origin: EVIL });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(invalidOrigin);
      expect(response.setCookies.size).toBe(0);
    });
    expect(await h().auth.context.users.findByEmail(email)).toBeNull();
  });

  it('refuses POST /sign-in/email without cookies from an untrusted Origin with 403 INVALID_ORIGIN and creates no session', async () => {
    const email = uniqueEmail('csrf-sign-in');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await h().client().post('/sign-in/email', { email, password: PASSWORD }, { origin: EVIL });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(invalidOrigin);
      expect(response.setCookies.size).toBe(0);
    });
  });

  it('refuses sign-in without cookies but with `Origin: null` (a sandboxed frame) with 403 MISSING_OR_NULL_ORIGIN', async () => {
    const email = uniqueEmail('null-origin');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await h().client().post('/sign-in/email', { email, password: PASSWORD }, { origin: 'null' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(missingOrigin);
    });
  });

  it('accepts sign-up and sign-in without cookies and without Origin, as a server-to-server call', async () => {
    const email = uniqueEmail('server');
    const signUp = await h()
      .client()
      .post('/sign-up/email', { email, password: PASSWORD, name: 'Server' }, { origin: null });
    expect(signUp.status).toBe(200);
    const signIn = await h().client().post('/sign-in/email', { email, password: PASSWORD }, { origin: null });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(email);
  });

  /**
   * POSTs to sign-in (as an existing user) or sign-up without cookies or Origin, once with each set
   * of headers, expecting 403 `refusal` with no cookie and nothing changed, and no user created.
   */
  async function expectCredentialPostsRefused(path: string, headerSets: Record<string, string>[], refusal: object) {
    const email = uniqueEmail('refused');
    if (path === '/sign-in/email') await h().signUp(email, PASSWORD);
    for (const headers of headerSets) {
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post(path, { email, password: PASSWORD, name: 'Victim' }, { origin: null, headers });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.body).toEqual(refusal);
        expect(response.setCookies.size).toBe(0);
      });
    }
    if (path === '/sign-up/email') expect(await h().auth.context.users.findByEmail(email)).toBeNull();
  }

  it.each(['/sign-in/email', '/sign-up/email'])(
    'refuses a cross-site navigation to POST %s without Origin or cookies with 403 CROSS_SITE_NAVIGATION_LOGIN_BLOCKED, setting no cookie',
    (path) => expectCredentialPostsRefused(path, [CROSS_SITE_NAVIGATION], crossSiteNavigation),
  );

  it('refuses a cross-site navigation to sign-in even when it claims a trusted Origin or Referer', async () => {
    const email = uniqueEmail('navigation-claims');
    await h().signUp(email, PASSWORD);
    for (const claim of [{ origin: ORIGIN }, { origin: null, headers: { referer: `${ORIGIN}/login` } }]) {
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post(
            '/sign-in/email',
            { email, password: PASSWORD },
            { origin: claim.origin, headers: { ...CROSS_SITE_NAVIGATION, ...claim.headers } },
          );
        expect(response.status).toBe(403);
        expect(response.body).toEqual(crossSiteNavigation);
        expect(response.setCookies.size).toBe(0);
      });
    }
  });

  it.each(['/sign-in/email', '/sign-up/email'])(
    'refuses POST %s from a browser that withheld its origin (Sec-Fetch-* but no Origin, Referer or cookie) with 403 MISSING_OR_NULL_ORIGIN',
    (path) =>
      expectCredentialPostsRefused(
        path,
        [
          { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
          { 'sec-fetch-mode': 'cors' },
          { 'sec-fetch-dest': 'empty' },
        ],
        missingOrigin,
      ),
  );

  it.each(['/sign-in/email', '/sign-up/email'])(
    'refuses POST %s without cookies or Origin whose Referer is untrusted with 403 INVALID_ORIGIN',
    (path) => expectCredentialPostsRefused(path, [{ referer: `${EVIL}/login` }], invalidOrigin),
  );

  it('accepts sign-in without cookies from a trusted Referer, and from a same-origin browser fetch', async () => {
    const email = uniqueEmail('trusted-referer');
    await h().signUp(email, PASSWORD);
    const viaReferer = await h()
      .client()
      .post('/sign-in/email', { email, password: PASSWORD }, { origin: null, headers: { referer: `${ORIGIN}/login` } });
    expect(viaReferer.status).toBe(200);
    expect(viaReferer.setCookies.has('latchkey.session_token')).toBe(true);
    const viaFetch = await h()
      .client()
      .post(
        '/sign-in/email',
        { email, password: PASSWORD },
        { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' } },
      );
    expect(viaFetch.status).toBe(200);
    expect(viaFetch.body.user.email).toBe(email);
  });

  it('checks sign-in that carries cookies even without an Origin', async () => {
    const email = uniqueEmail('cookie-sign-in');
    const { client } = await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/sign-in/email', { email, password: PASSWORD }, { origin: null });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(missingOrigin);
    });
  });
});

describeEachDialect(
  'origin check with extra trusted origins',
  (h) => {
    it('accepts a cookie-bearing POST from an origin given in trustedOrigins', async () => {
      const { client, user } = await h().signUp();
      const response = await client.post(
        '/update-user',
        { name: 'From the app' },
        { origin: 'https://app.example.com' },
      );
      expect(response.status).toBe(200);
      expect((await h().auth.context.users.findById(user.id))?.name).toBe('From the app');
    });

    it('still accepts the base origin and still refuses other origins', async () => {
      const { client } = await h().signUp();
      expect((await client.post('/update-user', { name: 'Base' })).status).toBe(200);
      const refused = await client.post('/update-user', { name: 'Evil' }, { origin: 'https://other.example.com' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(invalidOrigin);
    });

    it('accepts sign-up from a trusted origin and a callbackURL on it', async () => {
      const response = await h()
        .client()
        .post(
          '/sign-up/email',
          {
            email: uniqueEmail('app'),
            password: PASSWORD,
            name: 'App',
            callbackURL: 'https://app.example.com/welcome',
          },
          { origin: 'https://app.example.com' },
        );
      expect(response.status).toBe(200);
    });
  },
  { trustedOrigins: ['https://app.example.com'] },
);

const SAFE_CALLBACKS = [
  '/dashboard',
  '/a?b=c',
  '/search?q=red%20shoes',
  'http://localhost:3000/dashboard',
  'http://localhost:3000',
];

const UNSAFE_CALLBACKS = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'http://localhost:3000@evil.example',
  'https://evil.example#http://localhost:3000',
];

describeEachDialect('callbackURL check', (h) => {
  it.each(SAFE_CALLBACKS)(
    'signs in with callbackURL %j and answers redirect true with that url',
    async (callbackURL) => {
      const email = uniqueEmail('safe-callback');
      await h().signUp(email, PASSWORD);
      const response = await h().client().post('/sign-in/email', { email, password: PASSWORD, callbackURL });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ redirect: true, url: callbackURL });
    },
  );

  it.each(SAFE_CALLBACKS)('signs up with callbackURL %j', async (callbackURL) => {
    const response = await h()
      .client()
      .post('/sign-up/email', { email: uniqueEmail('safe-up'), password: PASSWORD, name: 'Safe', callbackURL });
    expect(response.status).toBe(200);
  });

  it.each(UNSAFE_CALLBACKS)(
    'refuses sign-in with callbackURL %j with 403 Invalid callbackURL and creates no session',
    async (callbackURL) => {
      const email = uniqueEmail('unsafe-in');
      await h().signUp(email, PASSWORD);
      await expectNothingChanged(h(), async () => {
        const response = await h().client().post('/sign-in/email', { email, password: PASSWORD, callbackURL });
        expect(response.status).toBe(403);
        expect(response.body).toEqual(invalidCallbackURL);
        expect(response.setCookies.size).toBe(0);
      });
    },
  );

  it.each(UNSAFE_CALLBACKS)(
    'refuses sign-up with callbackURL %j with 403 Invalid callbackURL and creates no user',
    async (callbackURL) => {
      const email = uniqueEmail('unsafe-up');
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post('/sign-up/email', { email, password: PASSWORD, name: 'Unsafe', callbackURL });
        expect(response.status).toBe(403);
        expect(response.body).toEqual(invalidCallbackURL);
      });
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    },
  );

  it('refuses an unsafe callbackURL before checking the password', async () => {
    const email = uniqueEmail('order');
    await h().signUp(email, PASSWORD);
    const response = await h()
      .client()
      .post('/sign-in/email', { email, password: 'wrong password!', callbackURL: '//evil.example' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(invalidCallbackURL);
  });
});

/** A plugin whose redirect targets have names the engine has never heard of. */
const returnToPlugin: Plugin = {
  id: 'test-return-to',
  endpoints: [
    defineEndpoint({
      id: 'testReturnTo',
      method: 'POST',
      path: '/test/return-to',
      body: z.object({
        returnTo: redirectUrl(ERRORS.invalidRedirectURL),
        steps: z.array(z.object({ then: redirectUrl(ERRORS.invalidCallbackURL).optional() })).optional(),
      }),
      async handler({ body }) {
        return { returnTo: body.returnTo };
      },
    }),
    defineEndpoint({
      id: 'testReturnToQuery',
      method: 'GET',
      path: '/test/return-to',
      query: z.object({ after: redirectUrl(ERRORS.invalidCallbackURL).optional() }),
      async handler({ query }) {
        return { after: query.after ?? null };
      },
    }),
  ],
  bodyFields: { signUpEmail: { welcomeURL: redirectUrl(ERRORS.invalidNewUserCallbackURL).optional() } },
};

describeEachDialect(
  'redirect targets marked by a plugin schema',
  (h) => {
    it('refuses an unsafe plugin field named returnTo with the entry its schema names, and lets a safe one through', async () => {
      const refused = await h().client().post('/test/return-to', { returnTo: EVIL });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'INVALID_REDIRECTURL', message: 'Invalid redirectURL' });
      const accepted = await h().client().post('/test/return-to', { returnTo: '/after' });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ returnTo: '/after' });
    });

    it('refuses an unsafe marked field nested in an array of objects, and one in a query', async () => {
      const nested = await h()
        .client()
        .post('/test/return-to', { returnTo: '/ok', steps: [{ then: '/fine' }, { then: '//evil.example' }] });
      expect(nested.status).toBe(403);
      expect(nested.body).toEqual(invalidCallbackURL);
      const query = await h()
        .client()
        .get(`/test/return-to?after=${encodeURIComponent(EVIL)}`);
      expect(query.status).toBe(403);
      expect(query.body).toEqual(invalidCallbackURL);
      expect((await h().client().get('/test/return-to?after=%2Fhome')).body).toEqual({ after: '/home' });
    });

    it('refuses an unsafe marked field a plugin adds to a core body, and creates no user', async () => {
      const email = uniqueEmail('welcome');
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post('/sign-up/email', { email, password: PASSWORD, name: 'Welcome', welcomeURL: EVIL });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ code: 'INVALID_NEWUSERCALLBACKURL', message: 'Invalid newUserCallbackURL' });
      });
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });
  },
  { plugins: [returnToPlugin] },
);
