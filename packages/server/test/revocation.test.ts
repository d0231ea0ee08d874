/**
 * Revocation is immediate despite the cookie cache: whoever replays a copy of a browser's cookies
 * (session token and `session_data` cache) after the session was ended gets nothing from
 * GET /get-session, whichever way the session was ended. A session nobody revoked is still served
 * from the cache without a database read. The admin plugin's ways of ending sessions: test/admin.
 */
import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { describeEachDialect, type Harness, type TestClient } from './support/harness';
import { expectReplayRefused, stealCookies } from './support/stolen-cookies';

const PASSWORD = 'correct horse battery';

async function signInAgain(h: Harness, email: string): Promise<TestClient> {
  const client = h.client();
  const response = await client.post('/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

describeEachDialect(
  'a replayed cookie set dies with its session',
  (h) => {
    it('after sign-out', async () => {
      const { client } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await client.post('/sign-out')).status).toBe(200);
      await expectReplayRefused(thief);
    });

    it("after revoke-session from another of the user's browsers", async () => {
      const { client, token, user } = await h().signUp();
      const thief = await stealCookies(h(), client);
      const other = await signInAgain(h(), user.email);
      expect((await other.post('/revoke-session', { token })).body).toEqual({ status: true });
      await expectReplayRefused(thief);
      expect((await other.get('/get-session')).body.user.id).toBe(user.id);
    });

    it('after revoke-sessions', async () => {
      const { client } = await h().signUp();
      const thief = await stealCookies(h(), client);
      await client.post('/revoke-sessions');
      await expectReplayRefused(thief);
    });

    it("after revoke-other-sessions, while the caller's own session goes on", async () => {
      const { client, user } = await h().signUp();
      const thief = await stealCookies(h(), client);
      const other = await signInAgain(h(), user.email);
      await other.post('/revoke-other-sessions');
      await expectReplayRefused(thief);
      expect((await other.get('/get-session')).body.user.id).toBe(user.id);
    });

    it('after change-password with revokeOtherSessions', async () => {
      const { client } = await h().signUp();
      const thief = await stealCookies(h(), client);
      const response = await client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'a brand new passphrase',
        revokeOtherSessions: true,
      });
      expect(response.status).toBe(200);
      await expectReplayRefused(thief);
      expect((await client.get('/get-session')).body.user).toBeTruthy();
    });

    it('after account deletion', async () => {
      const { client } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await client.post('/delete-user', { password: PASSWORD })).body).toMatchObject({ success: true });
      await expectReplayRefused(thief);
    });

    it('a session nobody revoked is still served from the cache, without reading the database', async () => {
      const { client, token, user } = await h().signUp();
      await client.get('/get-session');
      // Deleted behind the engine's back: only a cache hit can still answer.
      await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(token)).execute();
      expect((await client.get('/get-session')).body.user.id).toBe(user.id);
    });

    it("another user's revocation leaves this user's cache in use", async () => {
      const { client, token, user } = await h().signUp();
      await client.get('/get-session');
      const other = await h().signUp();
      await other.client.post('/sign-out');
      await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(token)).execute();
      expect((await client.get('/get-session')).body.user.id).toBe(user.id);
    });
  },
  { user: { deleteUser: { enabled: true } } },
);
