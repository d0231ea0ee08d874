/**
 * A role or a ban an admin sets shows at once in the user's browser despite its cookie cache
 * (cookie-cache.ts `forgetCachedUser`): get-session answers the new role right after set-role or
 * update-user (a demoted admin's browser stops showing the admin console), and the lifted ban right
 * after unban-user. Across two instances sharing Redis too: the change made on one is seen by the
 * other's next request.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../../../../test/describe-each';
import { expectError } from '../../../../../../test/expect-error';
import { REDIS_URL } from '../../../../../../test/services';
import { adminPlugin, createAuth, createRedisRevocationFeed, type Auth, type RedisRevocationFeed } from '../../..';
import { ADMIN_ERRORS } from '..';
import { DEFAULT_ROLES } from '../access-control';
import { adminSchema } from '../schema';
import { authInternalsForTests } from '../../../testing';
import { BASE_URL, describeEachDialect, SECRET, TestClient, uniqueEmail } from '../../../../test/support/harness';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import { PASSWORD, signInWithRole, signUpWithRole } from './support/admin-fixtures';
import { whenFeedsTrusted } from '../../../../test/support/trusted-feeds';

const DATA = 'latchkey.session_data';

/** get-session from the browser's cookie cache: the cache cookie is there and fresh. */
async function cachedSession(client: TestClient) {
  expect(client.cookies.get(DATA)).toBeTruthy();
  const answer = await client.get('/get-session');
  expect(answer.status).toBe(200);
  return answer.body;
}

describeEachDialect(
  'a role or ban set by an admin shows at once despite the cookie cache',
  (h) => {
    it('shows the new role in get-session right after set-role', async () => {
      const { client: admin } = await signUpWithRole(h());
      const { client, user } = await h().signUp();
      expect((await cachedSession(client)).user.role).toBe('user');

      expect((await admin.post('/admin/set-role', { userId: user.id, role: 'admin' })).status).toBe(200);

      expect((await cachedSession(client)).user.role).toBe('admin');
      const row = await adminSchema
        .db(h().auth.context)
        .selectFrom('user')
        .select('role')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row?.role).toBe('admin');
    });

    it('shows a demoted admin the user role at once, and the admin console refuses it', async () => {
      // Demoting another admin takes the role's own `set-role-admins` (reach.ts).
      const { client: admin } = await signUpWithRole(h(), 'admin,demoter');
      const { client: demoted, user } = await signInWithRole(h(), 'admin');
      expect((await demoted.get('/admin/list-users')).status).toBe(200);

      expect((await admin.post('/admin/set-role', { userId: user.id, role: 'user' })).status).toBe(200);

      expect((await cachedSession(demoted)).user.role).toBe('user');
      await expectError(await demoted.get('/admin/list-users'), ADMIN_ERRORS.notAllowedToListUsers);
    });

    it('shows the role set through update-user at once', async () => {
      const { client: admin } = await signUpWithRole(h());
      const { client, user } = await h().signUp();
      expect((await cachedSession(client)).user.role).toBe('user');

      const updated = await admin.post('/admin/update-user', { userId: user.id, data: { role: 'admin' } });
      expect(updated.status).toBe(200);

      expect((await cachedSession(client)).user.role).toBe('admin');
    });

    it('shows the lifted ban at once after unban-user', async () => {
      const { client: admin } = await signUpWithRole(h());
      const { client, user } = await h().signUp();
      // Banned by an operator's write, behind the ban route (which would end the session).
      await adminSchema
        .db(h().auth.context)
        .updateTable('user')
        .set({ banned: true })
        .where('id', '=', user.id)
        .execute();
      expect((await client.get('/get-session?disableCookieCache=true')).body.user.banned).toBe(true);
      expect((await cachedSession(client)).user.banned).toBe(true);

      expect((await admin.post('/admin/unban-user', { userId: user.id })).status).toBe(200);

      expect((await cachedSession(client)).user.banned).toBe(false);
    });
  },
  { plugins: [adminPlugin({ roles: { ...DEFAULT_ROLES, demoter: { user: ['set-role-admins'] } } })] },
);

describeEach(
  'a role set on one instance shows on the other through Redis',
  inject('redis') ? inject('dialects') : [],
  (dialect) => {
    let database: TestDatabase;
    const feeds: RedisRevocationFeed[] = [];
    let a: Auth;
    let b: Auth;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const channel = `latchkey-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const instance = () => {
        const feed = createRedisRevocationFeed(REDIS_URL, { channel });
        feeds.push(feed);
        return createAuth({
          baseURL: BASE_URL,
          secret: SECRET,
          database: { url: database.url },
          revocationFeed: feed,
          plugins: [adminPlugin()],
        });
      };
      a = instance();
      b = instance();
      await a.migrate();
      await whenFeedsTrusted(feeds);
    });

    afterAll(async () => {
      await Promise.all([a?.close(), b?.close(), ...feeds.map((feed) => feed.close())]);
      await database?.drop();
    });

    it("shows the new role in get-session on the user's instance right after set-role on the admin's", async () => {
      const admin = new TestClient(a);
      const adminUp = await admin.post('/sign-up/email', {
        email: uniqueEmail('admin'),
        password: PASSWORD,
        name: 'A',
      });
      await adminSchema
        .db(authInternalsForTests(a))
        .updateTable('user')
        .set({ role: 'admin' })
        .where('id', '=', adminUp.body.user.id)
        .execute();
      const user = new TestClient(b);
      const signedUp = await user.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'User' });
      expect(signedUp.status).toBe(200);
      expect((await cachedSession(user)).user.role).toBe('user');

      expect((await admin.post('/admin/set-role', { userId: signedUp.body.user.id, role: 'admin' })).status).toBe(200);

      expect((await cachedSession(user)).user.role).toBe('admin');
    });
  },
);
