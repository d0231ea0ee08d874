import { expect, it } from 'vitest';
import { z } from 'zod';
import { AuthError, defineEndpoint, type Plugin } from '../src';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { countRows } from './support/rows';

const PASSWORD = 'correct horse battery';

let ipCounter = 0;
/** Signs up over HTTP from an address of its own: this suite runs with the rate limit on. */
async function signUp(h: Harness, email = uniqueEmail('api-http')) {
  ipCounter += 1;
  const client = h.client(`192.0.2.${ipCounter}`);
  const response = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Http User' });
  expect(response.status).toBe(200);
  return { client, user: response.body.user };
}

/** Awaits `call` and returns the AuthError it rejects with (failing if it resolves or throws something else). */
async function authErrorOf(call: Promise<unknown>): Promise<AuthError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

const toolsPlugin: Plugin = {
  id: 'tools',
  endpoints: [
    defineEndpoint({
      id: 'grantCredits',
      method: 'POST',
      path: '/tools/grant-credits',
      serverOnly: true,
      body: z.object({ userId: z.string(), amount: z.number().int().positive() }),
      async handler({ body }) {
        return { granted: body.amount, to: body.userId };
      },
    }),
    defineEndpoint({
      id: 'whoAmI',
      method: 'GET',
      path: '/tools/who-am-i',
      session: 'required',
      async handler({ session }) {
        return { email: session.user.email };
      },
    }),
  ],
};

describeEachDialect(
  'auth.api',
  (h) => {
    it('signUpEmail({ body }) creates the user and returns {token, user}', async () => {
      const email = uniqueEmail('api');
      const result = await h().auth.api.signUpEmail({
        body: { email: email.toUpperCase(), password: PASSWORD, name: 'Api User' },
      });
      expect(result).toEqual({
        token: expect.any(String),
        user: expect.objectContaining({ email, name: 'Api User', emailVerified: false }),
      });
      expect(result.token!.length).toBeGreaterThanOrEqual(32);
      expect((await h().auth.context.users.findByEmail(email))?.id).toBe(result.user.id);
    });

    it('signInEmail({ body }) returns {redirect, token, url, user}', async () => {
      const email = uniqueEmail('api-in');
      await h().auth.api.signUpEmail({ body: { email, password: PASSWORD, name: 'Api' } });
      const result = await h().auth.api.signInEmail({ body: { email, password: PASSWORD, callbackURL: '/dashboard' } });
      expect(result).toMatchObject({ redirect: true, token: expect.any(String), url: '/dashboard', user: { email } });
    });

    it('throws AuthError VALIDATION_ERROR naming the fields for an invalid body, and stores nothing', async () => {
      const users = await countRows(h(), 'user');
      const error = await authErrorOf(h().auth.api.signUpEmail({ body: { email: 'a@example.com' } as never }));
      expect(error.status).toBe(400);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toBe('Invalid body parameters');
      expect(error.details?.map((d) => d.path).sort()).toEqual(['name', 'password']);
      expect(await countRows(h(), 'user')).toBe(users);
    });

    it('throws AuthError VALIDATION_ERROR "Invalid query parameters" for an invalid query', async () => {
      const error = await authErrorOf(h().auth.api.getSession({ query: { disableCookieCache: 'maybe' as never } }));
      expect(error.toJSON()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid query parameters',
        details: [{ path: 'disableCookieCache', message: expect.any(String) }],
      });
    });

    it('throws the catalogue error a handler raises', async () => {
      const email = uniqueEmail('api-dup');
      await h().auth.api.signUpEmail({ body: { email, password: PASSWORD, name: 'First' } });
      const error = await authErrorOf(
        h().auth.api.signUpEmail({ body: { email, password: PASSWORD, name: 'Second' } }),
      );
      expect(error.status).toBe(422);
      expect(error.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    });

    it('checks redirect targets as HTTP does: an unsafe callbackURL throws INVALID_CALLBACKURL and creates no user', async () => {
      const email = uniqueEmail('api-cb');
      const error = await authErrorOf(
        h().auth.api.signUpEmail({ body: { email, password: PASSWORD, name: 'Cb', callbackURL: '//evil.example' } }),
      );
      expect(error.status).toBe(403);
      expect(error.toJSON()).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });

    it('reads the session from the cookie in the given headers', async () => {
      const { client, user } = await signUp(h());
      const headers = { cookie: client.cookieHeader };
      const session = await h().auth.api.getSession({ headers });
      expect(session?.user.id).toBe(user.id);
      expect(await h().auth.api.getSession()).toBeNull();
      expect(await h().auth.api.updateUser({ body: { name: 'Renamed by the server' }, headers })).toEqual({
        status: true,
      });
      expect((await h().auth.context.users.findById(user.id))?.name).toBe('Renamed by the server');
    });

    it('throws UNAUTHORIZED for a session-guarded endpoint called without a session cookie', async () => {
      const error = await authErrorOf(h().auth.api.updateUser({ body: { name: 'Nobody' } }));
      expect(error.status).toBe(401);
      expect(error.code).toBe('UNAUTHORIZED');
    });

    it('does not apply the origin check or the rate limit, which guard browsers, not the server itself', async () => {
      const email = uniqueEmail('api-many');
      const { client } = await signUp(h(), email);
      const headers = { cookie: client.cookieHeader, origin: 'https://evil.example' };
      expect(await h().auth.api.updateUser({ body: { name: 'Server' }, headers })).toEqual({ status: true });
      for (let i = 0; i < 5; i++) {
        expect((await h().auth.api.signInEmail({ body: { email, password: PASSWORD } })).user.email).toBe(email);
      }
    });

    it('offers a server-only plugin endpoint through auth.api', async () => {
      expect(await h().auth.api.grantCredits!({ body: { userId: 'u1', amount: 5 } })).toEqual({ granted: 5, to: 'u1' });
      const error = await authErrorOf(h().auth.api.grantCredits!({ body: { userId: 'u1', amount: -1 } }));
      expect(error.code).toBe('VALIDATION_ERROR');
    });

    it('answers a server-only endpoint with 404 over HTTP and never runs it', async () => {
      const { client } = await signUp(h());
      for (const response of [
        await h().client().post('/tools/grant-credits', { userId: 'u1', amount: 5 }),
        await client.post('/tools/grant-credits', { userId: 'u1', amount: 5 }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
    });

    it('offers an ordinary plugin endpoint both over HTTP and through auth.api', async () => {
      const { client, user } = await signUp(h());
      expect((await client.get('/tools/who-am-i')).body).toEqual({ email: user.email });
      expect(await h().auth.api.whoAmI!({ headers: { cookie: client.cookieHeader } })).toEqual({ email: user.email });
      expect((await h().client().get('/tools/who-am-i')).status).toBe(401);
    });
  },
  { plugins: [toolsPlugin], rateLimit: { enabled: true } },
);
