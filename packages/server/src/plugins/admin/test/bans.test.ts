/**
 * Bans and users' sessions on every database: POST /admin/ban-user and /admin/unban-user, the ban
 * enforced on e-mail and username sign-in (and lifted once expired), POST
 * /admin/list-user-sessions, /admin/revoke-user-session and /admin/revoke-user-sessions, each
 * allowed for an admin, 403 for a plain user and 401 without a session.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { adminPlugin, usernamePlugin } from '../../..';
import { expectError } from '../../../../../../test/expect-error';
import { describeEachDialect, uniqueEmail, type Harness, type TestClient } from '../../../../test/support/harness';
import { sessionCount } from '../../../../test/support/rows';
import { PASSWORD, signUpWithRole, UNAUTHORIZED } from './support/admin-fixtures';
import { openGeoIpDatabase } from '../../../ip-location/geoip-database';
import { BERLIN, UNKNOWN_IP, geoIpDatabaseFile } from '../../../../test/support/geoip-fixture';

const ipLocation = await openGeoIpDatabase(geoIpDatabaseFile());

const BANNED = {
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};
const NOT_ALLOWED_TO_BAN = { code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', message: 'You are not allowed to ban users' };
const NOT_ALLOWED_TO_LIST_SESSIONS = {
  code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
  message: 'You are not allowed to list users sessions',
};
const NOT_ALLOWED_TO_REVOKE = {
  code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
  message: 'You are not allowed to revoke users sessions',
};

let counter = 0;

/** A user with a username, signed up (so with one session) through the API. */
async function signUpWithUsername(
  h: Harness,
): Promise<{ client: TestClient; user: { id: string }; email: string; username: string }> {
  counter += 1;
  const email = uniqueEmail('member');
  const username = `member_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const client = h.client();
  const response = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Member', username });
  expect(response.status).toBe(200);
  return { client, user: response.body.user, email, username };
}

async function banFields(h: Harness, userId: string) {
  const row = (await h.auth.context.db
    .selectFrom('user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return {
    banned: row.banned,
    banReason: row.banReason,
    banExpires: row.banExpires === null ? null : (row.banExpires as Date).toISOString(),
  };
}

function signInByEmail(h: Harness, email: string) {
  return h.client().post('/sign-in/email', { email, password: PASSWORD });
}

function signInByUsername(h: Harness, username: string) {
  return h.client().post('/sign-in/username', { username, password: PASSWORD });
}

describeEachDialect(
  'POST /admin/ban-user and /admin/unban-user',
  (h) => {
    it('bans for good with the default reason and ends every session of the user', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      await signInByEmail(h(), member.email);
      expect(await sessionCount(h(), member.user.id)).toBe(2);

      const response = await admin.client.post('/admin/ban-user', { userId: member.user.id });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({
        id: member.user.id,
        banned: true,
        banReason: 'No reason',
        banExpires: null,
      });
      expect(await banFields(h(), member.user.id)).toEqual({ banned: true, banReason: 'No reason', banExpires: null });
      expect(await sessionCount(h(), member.user.id)).toBe(0);
      expect((await member.client.get('/get-session?disableCookieCache=true')).body).toBeNull();
    });

    it('refuses a banned user on e-mail sign-in with 403 BANNED_USER and creates no session', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      await admin.client.post('/admin/ban-user', { userId: member.user.id, banReason: 'spam' });

      const response = await signInByEmail(h(), member.email);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(BANNED);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await sessionCount(h(), member.user.id)).toBe(0);
      expect(await banFields(h(), member.user.id)).toEqual({ banned: true, banReason: 'spam', banExpires: null });
    });

    it('refuses a banned user on username sign-in with 403 BANNED_USER and creates no session', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      await admin.client.post('/admin/ban-user', { userId: member.user.id });

      const response = await signInByUsername(h(), member.username);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(BANNED);
      expect(await sessionCount(h(), member.user.id)).toBe(0);
    });

    it('keeps a timed ban until banExpires, then lets the user sign in and clears the ban in the database', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      const expires = new Date(h().clock.now().getTime() + 3600_000).toISOString();

      const response = await admin.client.post('/admin/ban-user', {
        userId: member.user.id,
        banReason: 'cool off',
        banExpiresIn: 3600,
      });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ banned: true, banReason: 'cool off', banExpires: expires });
      expect(await banFields(h(), member.user.id)).toEqual({
        banned: true,
        banReason: 'cool off',
        banExpires: expires,
      });

      h().clock.advance(3599);
      expect((await signInByUsername(h(), member.username)).body).toEqual(BANNED);

      h().clock.advance(2);
      const signIn = await signInByUsername(h(), member.username);
      expect(signIn.status).toBe(200);
      expect(signIn.body.user).toMatchObject({ id: member.user.id, banned: false, banReason: null, banExpires: null });
      expect(await banFields(h(), member.user.id)).toEqual({ banned: false, banReason: null, banExpires: null });
      expect(await sessionCount(h(), member.user.id)).toBe(1);
    });

    it('lifts an expired ban on e-mail sign-in as well', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      await admin.client.post('/admin/ban-user', { userId: member.user.id, banExpiresIn: 60 });
      expect((await signInByEmail(h(), member.email)).status).toBe(403);

      h().clock.advance(61);
      expect((await signInByEmail(h(), member.email)).status).toBe(200);
      expect(await banFields(h(), member.user.id)).toEqual({ banned: false, banReason: null, banExpires: null });
    });

    it('unbans: clears banned, banReason and banExpires, and sign-in works again', async () => {
      const admin = await signUpWithRole(h());
      const member = await signUpWithUsername(h());
      await admin.client.post('/admin/ban-user', { userId: member.user.id, banReason: 'spam', banExpiresIn: 86_400 });

      const response = await admin.client.post('/admin/unban-user', { userId: member.user.id });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({
        id: member.user.id,
        banned: false,
        banReason: null,
        banExpires: null,
      });
      expect(await banFields(h(), member.user.id)).toEqual({ banned: false, banReason: null, banExpires: null });
      expect((await signInByEmail(h(), member.email)).status).toBe(200);
      expect((await signInByUsername(h(), member.username)).status).toBe(200);
    });

    it('refuses to ban yourself with 400 and leaves you unbanned and signed in', async () => {
      const admin = await signUpWithRole(h());
      const response = await admin.client.post('/admin/ban-user', { userId: admin.user.id });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'YOU_CANNOT_BAN_YOURSELF', message: 'You cannot ban yourself' });
      expect(await banFields(h(), admin.user.id)).toEqual({ banned: false, banReason: null, banExpires: null });
      expect(await sessionCount(h(), admin.user.id)).toBe(1);
    });

    it('answers 404 USER_NOT_FOUND for an unknown user, on ban and on unban', async () => {
      const admin = await signUpWithRole(h());
      for (const path of ['/admin/ban-user', '/admin/unban-user']) {
        const response = await admin.client.post(path, { userId: 'no-such-user' });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
      }
    });

    it('refuses ban and unban to a plain user with 403 and changes nothing', async () => {
      const plain = await h().signUp();
      const member = await signUpWithUsername(h());
      for (const path of ['/admin/ban-user', '/admin/unban-user']) {
        const response = await plain.client.post(path, { userId: member.user.id });
        expect(response.status).toBe(403);
        expect(response.body).toEqual(NOT_ALLOWED_TO_BAN);
      }
      expect(await banFields(h(), member.user.id)).toEqual({ banned: false, banReason: null, banExpires: null });
      expect(await sessionCount(h(), member.user.id)).toBe(1);
    });

    it('answers 401 UNAUTHORIZED to ban and unban without a session', async () => {
      const member = await signUpWithUsername(h());
      for (const path of ['/admin/ban-user', '/admin/unban-user']) {
        await expectError(h().client().post(path, { userId: member.user.id }), 401, UNAUTHORIZED);
      }
    });
  },
  { plugins: [usernamePlugin(), adminPlugin()] },
);

describeEachDialect(
  'POST /admin/list-user-sessions, /admin/revoke-user-session and /admin/revoke-user-sessions',
  (h) => {
    it("lists a user's live sessions with digests for tokens, never the tokens themselves, each with its place", async () => {
      const admin = await signUpWithRole(h());
      const member = await h().signUp();
      const second = await h().client().post('/sign-in/email', { email: member.user.email, password: PASSWORD });
      await h().client(UNKNOWN_IP).post('/sign-in/email', { email: member.user.email, password: PASSWORD });

      const response = await admin.client.post('/admin/list-user-sessions', { userId: member.user.id });
      expect(response.status).toBe(200);
      const tokens = [member.token, second.body.token as string];
      const digests = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
      const listed = response.body.sessions.filter((s: { ipAddress: string }) => s.ipAddress !== UNKNOWN_IP);
      expect(listed.map((s: { token: string }) => s.token).sort()).toEqual([...digests].sort());
      for (const session of listed) {
        // The default test client's address, 203.0.113.10, is in the database's Berlin network.
        expect(session).toMatchObject({ userId: member.user.id, impersonatedBy: null, location: BERLIN });
        expect(tokens).not.toContain(session.token);
      }
      const unknown = response.body.sessions.filter((s: { ipAddress: string }) => s.ipAddress === UNKNOWN_IP);
      expect(unknown).toEqual([expect.objectContaining({ location: null })]);
    });

    it('revokes one session named by its token, and another named by the digest the list shows', async () => {
      const admin = await signUpWithRole(h());
      const member = await h().signUp();
      const second = await h().client().post('/sign-in/email', { email: member.user.email, password: PASSWORD });
      const third = await h().client().post('/sign-in/email', { email: member.user.email, password: PASSWORD });
      const stranger = await h().signUp();

      const byToken = await admin.client.post('/admin/revoke-user-session', { sessionToken: member.token });
      expect(byToken.status).toBe(200);
      expect(byToken.body).toEqual({ success: true });
      expect((await member.client.get('/get-session?disableCookieCache=true')).body).toBeNull();

      const listed = await admin.client.post('/admin/list-user-sessions', { userId: member.user.id });
      const digest = createHash('sha256')
        .update(second.body.token as string)
        .digest('hex');
      expect(listed.body.sessions.map((s: { token: string }) => s.token)).toContain(digest);
      const byDigest = await admin.client.post('/admin/revoke-user-session', { sessionToken: digest });
      expect(byDigest.body).toEqual({ success: true });

      const left = await h()
        .auth.context.db.selectFrom('session')
        .select('token')
        .where('userId', '=', member.user.id)
        .execute();
      expect(left.map((s) => s.token)).toEqual([
        createHash('sha256')
          .update(third.body.token as string)
          .digest('hex'),
      ]);
      expect(await sessionCount(h(), stranger.user.id)).toBe(1);
      expect(await sessionCount(h(), admin.user.id)).toBe(1);
    });

    it("revokes every session of a user and no one else's", async () => {
      const admin = await signUpWithRole(h());
      const member = await h().signUp();
      await h().client().post('/sign-in/email', { email: member.user.email, password: PASSWORD });
      const stranger = await h().signUp();

      const response = await admin.client.post('/admin/revoke-user-sessions', { userId: member.user.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect(await sessionCount(h(), member.user.id)).toBe(0);
      expect(await sessionCount(h(), stranger.user.id)).toBe(1);
      expect(await sessionCount(h(), admin.user.id)).toBe(1);
    });

    it("refuses a plain user with each route's 403 and revokes nothing", async () => {
      const plain = await h().signUp();
      const member = await h().signUp();
      const attempts: Array<[string, unknown, unknown]> = [
        ['/admin/list-user-sessions', { userId: member.user.id }, NOT_ALLOWED_TO_LIST_SESSIONS],
        ['/admin/revoke-user-session', { sessionToken: member.token }, NOT_ALLOWED_TO_REVOKE],
        ['/admin/revoke-user-sessions', { userId: member.user.id }, NOT_ALLOWED_TO_REVOKE],
      ];
      for (const [path, body, error] of attempts) {
        const response = await plain.client.post(path, body);
        expect(response.status).toBe(403);
        expect(response.body).toEqual(error);
      }
      expect(await sessionCount(h(), member.user.id)).toBe(1);
    });

    it('answers 401 UNAUTHORIZED to each route without a session', async () => {
      const member = await h().signUp();
      const attempts: Array<[string, unknown]> = [
        ['/admin/list-user-sessions', { userId: member.user.id }],
        ['/admin/revoke-user-session', { sessionToken: member.token }],
        ['/admin/revoke-user-sessions', { userId: member.user.id }],
      ];
      for (const [path, body] of attempts) {
        const response = await h().client().post(path, body);
        expect(response.status).toBe(401);
        expect(response.body).toEqual(UNAUTHORIZED);
      }
      expect(await sessionCount(h(), member.user.id)).toBe(1);
    });
  },
  { plugins: [usernamePlugin(), adminPlugin()], ipLocation },
);
