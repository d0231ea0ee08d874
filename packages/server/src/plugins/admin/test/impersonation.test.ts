/**
 * Impersonation on every database: POST /admin/impersonate-user signs an admin in as a user for an
 * hour with a session naming the admin, /admin/stop-impersonating restores the admin's own
 * session, GET /list-sessions hides impersonation sessions from the impersonated user, and an
 * admin is impersonated only with `user:impersonate-admins`.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin } from '../../..';
import { DEFAULT_ROLES } from '../access-control';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { profilePlugin } from '../../../../test/support/profile-plugin';
import { insertUserWithId, PASSWORD, signUpWithRole, UNAUTHORIZED } from './support/admin-fixtures';

const TOKEN = 'latchkey.session_token';
const ADMIN_SESSION = 'latchkey.admin_session';

async function impersonationRows(h: Harness, adminId: string) {
  return h.auth.context.db
    .selectFrom('session')
    .selectAll()
    .where('impersonatedBy' as never, '=', adminId as never)
    .execute();
}

describeEachDialect(
  'POST /admin/impersonate-user and /admin/stop-impersonating',
  (h) => {
    it("signs the admin in as the user for 3600 s with a session naming the admin, and keeps the admin's session aside", async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      const expiresAt = new Date(h().clock.now().getTime() + 3600_000).toISOString();

      const response = await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ id: target.user.id, email: target.user.email });
      expect(response.body.session).toMatchObject({ userId: target.user.id, impersonatedBy: admin.user.id, expiresAt });
      expect(response.setCookies.get(TOKEN)?.value).toMatch(new RegExp(`^${response.body.session.token}\\.`));
      expect(response.setCookies.get(ADMIN_SESSION)?.attributes).toMatchObject({
        httponly: true,
        samesite: 'Lax',
        path: '/',
      });

      for (const path of ['/get-session?disableCookieCache=true', '/get-session']) {
        const session = await admin.client.get(path);
        expect(session.body.user.id).toBe(target.user.id);
        expect(session.body.session).toMatchObject({ impersonatedBy: admin.user.id, expiresAt });
      }
      const rows = await impersonationRows(h(), admin.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.userId).toBe(target.user.id);
      // The admin's own session is untouched, only set aside.
      expect(
        (await h().auth.context.db.selectFrom('session').select('id').where('userId', '=', admin.user.id).execute())
          .length,
      ).toBe(1);
    });

    it('never slides the impersonation session forward: it ends 3600 s after it began', async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      const expiresAt = new Date(h().clock.now().getTime() + 3600_000).toISOString();
      await admin.client.post('/admin/impersonate-user', { userId: target.user.id });

      h().clock.advance(1800);
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body.session.expiresAt).toBe(expiresAt);
      h().clock.advance(1801);
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body).toBeNull();
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(0);
    });

    it("stop-impersonating restores the admin's session and deletes the impersonation session", async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
      h().clock.advance(60);

      const response = await admin.client.post('/admin/stop-impersonating');
      expect(response.status).toBe(200);
      expect(response.body.user.id).toBe(admin.user.id);
      expect(response.body.session).toMatchObject({ userId: admin.user.id, token: admin.token, impersonatedBy: null });
      expect(response.setCookies.get(ADMIN_SESSION)?.attributes['max-age']).toBe('0');
      expect(admin.client.cookies.has(ADMIN_SESSION)).toBe(false);

      for (const path of ['/get-session?disableCookieCache=true', '/get-session']) {
        const session = await admin.client.get(path);
        expect(session.body.user.id).toBe(admin.user.id);
        expect(session.body.session.impersonatedBy).toBeNull();
      }
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(0);
      // The target's own session survives the admin's visit.
      expect((await target.client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(target.user.id);
    });

    it('gives back a "don\'t remember" admin session as it was: no Max-Age, marker kept', async () => {
      const email = uniqueEmail('admin');
      const { user } = await signUpWithRole(h(), 'admin', email);
      const client = h().client();
      await client.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false });
      const target = await h().signUp();
      await client.post('/admin/impersonate-user', { userId: target.user.id });

      const response = await client.post('/admin/stop-impersonating');
      expect(response.status).toBe(200);
      expect(response.setCookies.get(TOKEN)?.attributes['max-age']).toBeUndefined();
      expect(client.cookies.has('latchkey.dont_remember')).toBe(true);
      expect((await client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(user.id);
    });

    it('answers 400 to stop-impersonating when the session is not an impersonation', async () => {
      const admin = await signUpWithRole(h());
      const response = await admin.client.post('/admin/stop-impersonating');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'YOU_ARE_NOT_IMPERSONATING_ANYONE',
        message: 'You are not impersonating anyone',
      });
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(admin.user.id);
    });

    it('restores nothing without the saved admin session cookie, or when that session is gone', async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
      const saved = admin.client.cookies.get(ADMIN_SESSION)!;

      admin.client.cookies.delete(ADMIN_SESSION);
      const missing = await admin.client.post('/admin/stop-impersonating');
      expect(missing.status).toBe(500);
      expect(missing.body).toEqual({ code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' });

      admin.client.cookies.set(ADMIN_SESSION, saved);
      await h().auth.context.db.deleteFrom('session').where('userId', '=', admin.user.id).execute();
      const revoked = await admin.client.post('/admin/stop-impersonating');
      expect(revoked.status).toBe(500);
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(1);
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(target.user.id);
    });

    it('refuses to impersonate a banned user with 403 BANNED_USER and creates no session', async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      await admin.client.post('/admin/ban-user', { userId: target.user.id });

      const response = await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('BANNED_USER');
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(0);
      expect(admin.client.cookies.has(ADMIN_SESSION)).toBe(false);
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(admin.user.id);
    });

    it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
      const admin = await signUpWithRole(h());
      const response = await admin.client.post('/admin/impersonate-user', { userId: 'no-such-user' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    });

    it('refuses impersonation to a plain user with 403 and creates no session', async () => {
      const plain = await h().signUp();
      const target = await h().signUp();
      const response = await plain.client.post('/admin/impersonate-user', { userId: target.user.id });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
        message: 'You are not allowed to impersonate users',
      });
      expect(await impersonationRows(h(), plain.user.id)).toHaveLength(0);
    });

    it('answers 401 UNAUTHORIZED to impersonate-user and stop-impersonating without a session', async () => {
      const target = await h().signUp();
      for (const [path, body] of [
        ['/admin/impersonate-user', { userId: target.user.id }],
        ['/admin/stop-impersonating', {}],
      ] as const) {
        await expectError(h().client().post(path, body), 401, UNAUTHORIZED);
      }
    });
  },
  { plugins: [profilePlugin, adminPlugin()] },
);

describeEachDialect(
  'impersonation sessions in the session lists',
  (h) => {
    it('GET /list-sessions hides the impersonation session from the user, and from the admin browsing as the user', async () => {
      const admin = await signUpWithRole(h());
      const target = await h().signUp();
      await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
      const [impersonation] = await impersonationRows(h(), admin.user.id);

      for (const client of [target.client, admin.client]) {
        const response = await client.get('/list-sessions');
        expect(response.status).toBe(200);
        expect(response.body.map((s: { id: string }) => s.id)).not.toContain(impersonation!.id);
        expect(response.body).toHaveLength(1);
        expect(response.body[0].impersonatedBy).toBeNull();
      }
    });

    it('POST /admin/list-user-sessions shows an admin every session, the impersonation one included', async () => {
      const admin = await signUpWithRole(h());
      const other = await signUpWithRole(h());
      const target = await h().signUp();
      await admin.client.post('/admin/impersonate-user', { userId: target.user.id });

      const response = await other.client.post('/admin/list-user-sessions', { userId: target.user.id });
      expect(response.status).toBe(200);
      expect(response.body.sessions).toHaveLength(2);
      expect(response.body.sessions.map((s: { impersonatedBy: string | null }) => s.impersonatedBy).sort()).toEqual(
        [admin.user.id, null].sort(),
      );
    });
  },
  { plugins: [profilePlugin, adminPlugin()] },
);

const CONFIGURED_ADMIN_ID = 'configured-admin';
const CANNOT_IMPERSONATE_ADMINS = { code: 'YOU_CANNOT_IMPERSONATE_ADMINS', message: 'You cannot impersonate admins' };

describeEachDialect(
  'impersonating an admin',
  (h) => {
    it('refuses an admin impersonating a user with an admin role (alone, among others, or another admin role) with 403, creating no session', async () => {
      const admin = await signUpWithRole(h(), 'admin');
      for (const role of ['admin', 'user,admin', 'staff']) {
        const target = await signUpWithRole(h(), role);
        const response = await admin.client.post('/admin/impersonate-user', { userId: target.user.id });
        expect(response.status).toBe(403);
        expect(response.body).toEqual(CANNOT_IMPERSONATE_ADMINS);
        expect(response.setCookies.has(TOKEN)).toBe(false);
        expect(response.setCookies.has(ADMIN_SESSION)).toBe(false);
      }
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(0);
      expect(admin.client.cookies.has(ADMIN_SESSION)).toBe(false);
      expect((await admin.client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(admin.user.id);
    });

    it('refuses to impersonate a configured admin user id, whatever its role', async () => {
      const admin = await signUpWithRole(h(), 'admin');
      await insertUserWithId(h(), CONFIGURED_ADMIN_ID);
      const response = await admin.client.post('/admin/impersonate-user', { userId: CONFIGURED_ADMIN_ID });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(CANNOT_IMPERSONATE_ADMINS);
      expect(await impersonationRows(h(), admin.user.id)).toHaveLength(0);
    });

    it('lets a caller whose roles grant impersonate-admins impersonate an admin', async () => {
      const superAdmin = await signUpWithRole(h(), 'admin,superadmin');
      const target = await signUpWithRole(h(), 'admin');
      const response = await superAdmin.client.post('/admin/impersonate-user', { userId: target.user.id });
      expect(response.status).toBe(200);
      expect(response.body.session).toMatchObject({ userId: target.user.id, impersonatedBy: superAdmin.user.id });
      expect(await impersonationRows(h(), superAdmin.user.id)).toHaveLength(1);
    });

    it('still lets an admin impersonate a user with no admin role', async () => {
      const admin = await signUpWithRole(h(), 'admin');
      const target = await signUpWithRole(h(), 'user,support');
      expect((await admin.client.post('/admin/impersonate-user', { userId: target.user.id })).status).toBe(200);
    });
  },
  {
    plugins: [
      adminPlugin({
        roles: { ...DEFAULT_ROLES, staff: {}, support: {}, superadmin: { user: ['impersonate-admins'] } },
        adminRoles: ['admin', 'staff'],
        adminUserIds: [CONFIGURED_ADMIN_ID],
      }),
    ],
  },
);
