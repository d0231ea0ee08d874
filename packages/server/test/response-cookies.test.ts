/**
 * Every answer carries the cookies queued while handling it: an error (an expired session's 401
 * clears the session cookies), a redirect, and a refusal that carries a cookie of its own (sent
 * once, not twice).
 */
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { profilePlugin } from './support/profile-plugin';
import { sessionCount } from './support/rows';
import { expectEachCookieOnce, expectSessionCookiesCleared } from './support/set-cookies';

const DAY = 24 * 60 * 60;
const unauthorized = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

/** A signed-in browser whose session the clock has then carried past its expiry. */
async function expiredSession(h: Harness) {
  const signedIn = await h.signUp(uniqueEmail('expired'));
  h.clock.advance(8 * DAY);
  return signedIn;
}

describeEachDialect('cookies on error answers', (h) => {
  it('answers GET /list-sessions with an expired session 401 UNAUTHORIZED that clears the session cookies, and deletes the session', async () => {
    const { client, user } = await expiredSession(h());
    expect(await sessionCount(h(), user.id)).toBe(1);

    const response = await client.get('/list-sessions');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
    expectSessionCookiesCleared(response);
    expect(await sessionCount(h(), user.id)).toBe(0);
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
    it('sends each cookie once when a refusal follows a change of the session, whose cache the answer carries', async () => {
      const { client } = await h().signUp();

      const response = await client.post('/test-profile/forget-device-and-refuse');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('YOU_ARE_BLOCKED');
      expectEachCookieOnce(response, 'latchkey.session_data');
    });
  },
  { plugins: [profilePlugin] },
);
