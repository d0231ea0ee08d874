/**
 * Revocation is immediate despite the cookie cache: whoever replays a copy of a browser's cookies
 * (session token and `session_data` cache) after the session was ended gets nothing from
 * GET /get-session, whichever way the session was ended. A session nobody revoked is still served
 * from the cache without a database read.
 */
import { expect, it } from 'vitest';
import { adminPlugin } from '../src';
import { sha256Hex } from '../src/crypto/digest';
import { describeEachDialect, uniqueEmail, TestClient, type Harness } from './support/harness';

const DATA = 'latchkey.session_data';
const PASSWORD = 'correct horse battery';

/** A second browser holding a copy of `client`'s cookies, taken after a cache was issued. */
async function stealCookies(h: Harness, client: TestClient): Promise<TestClient> {
  const warm = await client.get('/get-session');
  expect(warm.body.user).toBeTruthy();
  expect(client.cookies.get(DATA)).toBeTruthy();
  const thief = new TestClient(h.auth, '198.51.100.66');
  for (const [name, value] of client.cookies) thief.cookies.set(name, value);
  return thief;
}

async function signInAgain(h: Harness, email: string): Promise<TestClient> {
  const client = h.client();
  const response = await client.post('/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

async function signUpAdmin(h: Harness): Promise<TestClient> {
  const admin = await h.signUp(uniqueEmail('admin'));
  await h.auth.context.db
    .updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', admin.user.id)
    .execute();
  return admin.client;
}

async function expectReplayRefused(thief: TestClient): Promise<void> {
  const replay = await thief.get('/get-session');
  expect(replay.status).toBe(200);
  expect(replay.text).toBe('null');
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

    it('after an admin bans the user', async () => {
      const admin = await signUpAdmin(h());
      const { client, user } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await admin.post('/admin/ban-user', { userId: user.id })).status).toBe(200);
      await expectReplayRefused(thief);
    });

    it('after an admin revokes the session', async () => {
      const admin = await signUpAdmin(h());
      const { client, token } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await admin.post('/admin/revoke-user-session', { sessionToken: sha256Hex(token) })).status).toBe(200);
      await expectReplayRefused(thief);
    });

    it("after an admin revokes all the user's sessions", async () => {
      const admin = await signUpAdmin(h());
      const { client, user } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await admin.post('/admin/revoke-user-sessions', { userId: user.id })).status).toBe(200);
      await expectReplayRefused(thief);
    });

    it('after an admin removes the user', async () => {
      const admin = await signUpAdmin(h());
      const { client, user } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await admin.post('/admin/remove-user', { userId: user.id })).status).toBe(200);
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
  { plugins: [adminPlugin()], user: { deleteUser: { enabled: true } } },
);
