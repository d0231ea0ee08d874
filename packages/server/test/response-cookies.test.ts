/**
 * Every answer carries the cookies queued while handling it: an error (an expired session's 401
 * clears the session cookies), a redirect, and a refusal that carries a cookie of its own (sent
 * once, not twice).
 */
import { expect, it } from 'vitest';
import { organizationPlugin } from '../src';
import { describeEachDialect, uniqueEmail, type Harness, type TestResponse } from './support/harness';

const DAY = 24 * 60 * 60;
const SESSION_COOKIES = ['latchkey.session_token', 'latchkey.session_data', 'latchkey.dont_remember'];
const unauthorized = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

function expectSessionCookiesCleared(response: TestResponse): void {
  for (const name of SESSION_COOKIES) {
    const cookie = response.setCookies.get(name);
    expect(cookie, name).toBeDefined();
    expect(cookie!.value, name).toBe('');
    expect(cookie!.attributes['max-age'], name).toBe('0');
  }
}

/** A signed-in browser whose session the clock has then carried past its expiry. */
async function expiredSession(h: Harness) {
  const signedIn = await h.signUp(uniqueEmail('expired'));
  h.clock.advance(8 * DAY);
  return signedIn;
}

async function sessionRowsOf(h: Harness, userId: string): Promise<number> {
  const rows = await h.auth.context.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
  return rows.length;
}

describeEachDialect('cookies on error answers', (h) => {
  it('answers GET /list-sessions with an expired session 401 UNAUTHORIZED that clears the session cookies, and deletes the session', async () => {
    const { client, user } = await expiredSession(h());
    expect(await sessionRowsOf(h(), user.id)).toBe(1);

    const response = await client.get('/list-sessions');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
    expectSessionCookiesCleared(response);
    expect(await sessionRowsOf(h(), user.id)).toBe(0);
    // The browser dropped its cookies: it is now simply signed out.
    expect(client.cookies.size).toBe(0);
    expect((await client.get('/get-session')).text).toBe('null');
  });

  it('answers a state change with an expired session (POST /update-user) 401 that clears the session cookies, and changes nothing', async () => {
    const { client, user } = await expiredSession(h());
    const response = await client.post('/update-user', { name: 'Too late' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
    expectSessionCookiesCleared(response);
    expect((await h().auth.context.users.findById(user.id))?.name).toBe('Test User');
  });

  it('sets no cookie on an error when nothing was queued', async () => {
    const { client } = await h().signUp();
    const response = await client.post('/update-user', { name: 42 });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describeEachDialect(
  'cookies on the delete-account link, an error or a redirect',
  (h) => {
    it('answers the link opened with an expired session 401 that clears the session cookies', async () => {
      const { client, user } = await expiredSession(h());
      const response = await client.get('/delete-user/callback?token=any-token');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(unauthorized);
      expectSessionCookiesCleared(response);
      expect(await h().auth.context.users.findById(user.id)).not.toBeNull();
    });

    it('redirects the link opened with an expired session to its callbackURL with error=unauthorized, clearing the session cookies', async () => {
      const { client, user } = await expiredSession(h());
      const response = await client.get('/delete-user/callback?token=any-token&callbackURL=%2Fgoodbye');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/goodbye?error=unauthorized');
      expectSessionCookiesCleared(response);
      expect(await h().auth.context.users.findById(user.id)).not.toBeNull();
    });
  },
  { user: { deleteUser: { enabled: true } } },
);

describeEachDialect(
  'cookies on a refusal that carries its own',
  (h) => {
    it('sends each cookie once when a refused non-member loses the active organization', async () => {
      const owner = await h().signUp();
      const created = await owner.client.post('/organization/create', {
        name: 'Acme',
        slug: `acme-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
      });
      expect(created.status).toBe(200);
      const outsider = await h().signUp();

      const response = await outsider.client.get(
        `/organization/get-full-organization?organizationId=${created.body.id}`,
      );
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      const names = response.headers.getSetCookie().map((header) => header.slice(0, header.indexOf('=')));
      expect(names).toContain('latchkey.session_data');
      expect(new Set(names).size).toBe(names.length);
    });
  },
  { plugins: [organizationPlugin()] },
);
