/**
 * The last admin stays, on every database: set-role, update-user's role, ban-user, remove-user and
 * the deletion of one's own account refuse with 400 `YOU_CANNOT_DEMOTE_BAN_OR_REMOVE_THE_LAST_ADMIN` a change that would leave no
 * admin who can act (admins whose ban holds do not count; a configured admin user id does), and
 * the rule holds when admins are demoted, banned or removed in parallel.
 */
import { expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { ADMIN_STATEMENTS, DEFAULT_ROLES } from '../access-control';
import { ADMIN_ERRORS } from '../errors';
import { adminSchema } from '../schema';
import {
  describeEachDialect,
  racesInTransactions,
  uniqueEmail,
  type Harness,
  type TestClient,
  type TestResponse,
} from '../../../../test/support/harness';
import { expectNothingChanged } from '../../../../test/support/rows';
import { insertUserWithId, PASSWORD, setRole } from './support/admin-fixtures';

const LAST_ADMIN = {
  code: 'YOU_CANNOT_DEMOTE_BAN_OR_REMOVE_THE_LAST_ADMIN',
  message: 'You cannot demote, ban or remove the last admin',
};
const CONFIGURED_ADMIN_ID = 'configured-admin';

/**
 * `operator` holds every permission, those acting on admins included, but is no admin: it can act
 * on the last one. `moderator` is a lesser role an admin may grant. `owner`, beside `admin`, lets admins demote and ban each other (reach.ts).
 */
const ROLES = {
  ...DEFAULT_ROLES,
  operator: ADMIN_STATEMENTS,
  // Changes roles, bans and removes, on users only: a role an admin may grant.
  moderator: { user: ['set-role', 'ban', 'delete', 'update'] },
  owner: { user: ['set-role-admins', 'ban-admins'] },
};

function expectRefused(response: TestResponse): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual(LAST_ADMIN);
}

/** The database with the admin plugin's columns, typed. */
function db(h: Harness) {
  return adminSchema.db(h.auth.context);
}

/** Every user of the database gets `user`, then these get their role: the only admins are the ones a test names. */
async function setRoles(h: Harness, roles: Record<string, string>): Promise<void> {
  await db(h).updateTable('user').set({ role: 'user' }).execute();
  for (const [id, role] of Object.entries(roles)) await setRole(h, id, role);
}

async function signedUp(h: Harness): Promise<{ client: TestClient; id: string }> {
  const { client, user } = await h.signUp(uniqueEmail('last-admin'), PASSWORD);
  return { client, id: user.id };
}

async function roleOf(h: Harness, id: string): Promise<string | undefined> {
  return (await db(h).selectFrom('user').select('role').where('id', '=', id).executeTakeFirst())?.role;
}

/** Users who can act as admins: an admin role and no ban in force (the tests set no timed bans). */
async function actingAdmins(h: Harness): Promise<string[]> {
  const rows = await db(h).selectFrom('user').select(['id', 'role', 'banned']).execute();
  return rows.filter((r) => r.role.split(',').includes('admin') && !r.banned).map((r) => r.id);
}

describeEachDialect(
  'the last admin',
  (h) => {
    it('set-role refuses the only admin demoting themself, and allows it once another admin exists', async () => {
      const admin = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin' });
      await expectNothingChanged(h(), async () => {
        expectRefused(await admin.client.post('/admin/set-role', { userId: admin.id, role: 'user' }));
        expectRefused(await admin.client.post('/admin/set-role', { userId: admin.id, role: ['user', 'moderator'] }));
      });
      expect(await roleOf(h(), admin.id)).toBe('admin');

      const second = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin', [second.id]: 'admin' });
      const demoted = await admin.client.post('/admin/set-role', { userId: admin.id, role: 'user' });
      expect(demoted.status).toBe(200);
      expect(await roleOf(h(), admin.id)).toBe('user');
      expect(await actingAdmins(h())).toEqual([second.id]);
    });

    it('set-role lets the last admin change roles while keeping an admin role', async () => {
      const admin = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin' });
      const response = await admin.client.post('/admin/set-role', { userId: admin.id, role: ['moderator', 'admin'] });
      expect(response.status).toBe(200);
      expect(await roleOf(h(), admin.id)).toBe('moderator,admin');
    });

    it('update-user refuses a role change that demotes the last admin, and writes none of its other data', async () => {
      const admin = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin' });
      await expectNothingChanged(h(), async () => {
        expectRefused(
          await admin.client.post('/admin/update-user', { userId: admin.id, data: { role: 'user', name: 'Renamed' } }),
        );
      });
      const renamed = await admin.client.post('/admin/update-user', {
        userId: admin.id,
        data: { role: 'admin', name: 'Renamed' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: admin.id, role: 'admin', name: 'Renamed' });
    });

    it('ban-user and remove-user refuse the last admin to a user who may ban and remove but is no admin', async () => {
      const admin = await signedUp(h());
      const operator = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin', [operator.id]: 'operator' });
      await expectNothingChanged(h(), async () => {
        expectRefused(await operator.client.post('/admin/ban-user', { userId: admin.id }));
        expectRefused(await operator.client.post('/admin/ban-user', { userId: admin.id, banExpiresIn: 60 }));
        expectRefused(await operator.client.post('/admin/remove-user', { userId: admin.id }));
        expectRefused(await operator.client.post('/admin/set-role', { userId: admin.id, role: 'user' }));
      });
      // The admin is still signed in and still an admin.
      expect((await admin.client.get('/admin/list-users?limit=1')).status).toBe(200);
    });

    it('an admin whose ban holds does not count: the other admin stays', async () => {
      const admin = await signedUp(h());
      const banned = await signedUp(h());
      const operator = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin', [banned.id]: 'admin', [operator.id]: 'operator' });
      expect((await operator.client.post('/admin/ban-user', { userId: banned.id })).status).toBe(200);
      await expectNothingChanged(h(), async () => {
        expectRefused(await operator.client.post('/admin/set-role', { userId: admin.id, role: 'user' }));
        expectRefused(await operator.client.post('/admin/remove-user', { userId: admin.id }));
      });
      // Unbanned, the other admin counts again.
      expect((await operator.client.post('/admin/unban-user', { userId: banned.id })).status).toBe(200);
      expect((await operator.client.post('/admin/ban-user', { userId: admin.id })).status).toBe(200);
      expect(await actingAdmins(h())).toEqual([banned.id]);
    });

    it('banning or removing one of two admins is allowed, and the second one is then refused', async () => {
      const [first, second, operator] = [await signedUp(h()), await signedUp(h()), await signedUp(h())];
      await setRoles(h(), { [first.id]: 'admin', [second.id]: 'admin', [operator.id]: 'operator' });
      expect((await operator.client.post('/admin/remove-user', { userId: first.id })).status).toBe(200);
      expect(await db(h()).selectFrom('user').select('id').where('id', '=', first.id).execute()).toEqual([]);
      await expectNothingChanged(h(), async () => {
        expectRefused(await operator.client.post('/admin/remove-user', { userId: second.id }));
      });
      expect(ADMIN_ERRORS.lastAdmin).toMatchObject({ status: 400, ...LAST_ADMIN });
    });

    it('delete-user refuses the only admin deleting their own account, and allows it once another admin exists', async () => {
      const admin = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin' });
      await expectNothingChanged(h(), async () => {
        expectRefused(await admin.client.post('/delete-user', { password: PASSWORD }));
      });
      expect((await admin.client.get('/get-session')).body.user.id).toBe(admin.id);

      const other = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin', [other.id]: 'admin' });
      expect((await admin.client.post('/delete-user', { password: PASSWORD })).body).toEqual({
        success: true,
        message: 'User deleted',
      });
      expect(await actingAdmins(h())).toEqual([other.id]);
    });

    it('a user who is no admin is demoted, banned, removed and deletes their own account as before', async () => {
      const admin = await signedUp(h());
      const [plain, other, leaving] = [await signedUp(h()), await signedUp(h()), await signedUp(h())];
      await setRoles(h(), { [admin.id]: 'admin', [plain.id]: 'moderator' });
      expect((await admin.client.post('/admin/set-role', { userId: plain.id, role: 'user' })).status).toBe(200);
      expect((await admin.client.post('/admin/ban-user', { userId: plain.id })).status).toBe(200);
      expect((await admin.client.post('/admin/remove-user', { userId: other.id })).status).toBe(200);
      expect((await leaving.client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
      expect(await db(h()).selectFrom('user').select('id').where('id', 'in', [other.id, leaving.id]).execute()).toEqual(
        [],
      );
      expect(await actingAdmins(h())).toEqual([admin.id]);
    });
  },
  { plugins: [adminPlugin({ roles: ROLES })], user: { deleteUser: { enabled: true } } },
);

describeEachDialect(
  'the last admin beside a configured admin user id',
  (h) => {
    it('the configured admin counts, so the only admin by role may demote themself; while it does not exist, they may not', async () => {
      const admin = await signedUp(h());
      await setRoles(h(), { [admin.id]: 'admin' });
      expectRefused(await admin.client.post('/admin/set-role', { userId: admin.id, role: 'user' }));
      await insertUserWithId(h(), CONFIGURED_ADMIN_ID);
      const demoted = await admin.client.post('/admin/set-role', { userId: admin.id, role: 'user' });
      expect(demoted.status).toBe(200);
      expect(await roleOf(h(), admin.id)).toBe('user');
    });
  },
  { plugins: [adminPlugin({ roles: ROLES, adminUserIds: [CONFIGURED_ADMIN_ID] })] },
);

const PARALLEL = 6;

// Guard: changeKeepingAnAdmin and deleteKeepingAnAdmin (plugins/admin/last-admin.ts) lock the target's
// and every admin's user rows (lockedTransaction) before counting the admins left and writing. Not
// on SQLite, where the one connection runs each transaction alone whatever the lock
// (`racesInTransactions`); two processes on one SQLite file race in apps/server/test/cluster/sqlite-processes.test.ts.
describeEachDialect(
  'the last admin under parallel requests',
  (h) => {
    it(`${PARALLEL} admins demoted, banned and removed in parallel: all but one go, the last is refused with 400`, async () => {
      const operator = await signedUp(h());
      const admins = [];
      for (let i = 0; i < PARALLEL; i++) admins.push(await signedUp(h()));
      await setRoles(h(), { [operator.id]: 'operator', ...Object.fromEntries(admins.map((a) => [a.id, 'admin'])) });
      const requests = admins.map((a, i) => {
        if (i % 3 === 0) return operator.client.post('/admin/set-role', { userId: a.id, role: 'user' });
        if (i % 3 === 1) return operator.client.post('/admin/ban-user', { userId: a.id });
        return operator.client.post('/admin/remove-user', { userId: a.id });
      });
      const responses = await Promise.all(requests);
      const refused = responses.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(1);
      expectRefused(refused[0]!);
      expect(await actingAdmins(h())).toHaveLength(1);
    });

    it('the only two admins demoting each other at once: one is demoted, one admin is left', async () => {
      const [first, second] = [await signedUp(h()), await signedUp(h())];
      await setRoles(h(), { [first.id]: 'admin,owner', [second.id]: 'admin,owner' });
      const responses = await Promise.all([
        first.client.post('/admin/set-role', { userId: second.id, role: 'user' }),
        second.client.post('/admin/set-role', { userId: first.id, role: 'user' }),
      ]);
      // The loser is refused as the last admin, or, when the winner committed before its
      // permission check, as no longer allowed to change roles.
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      const loser = responses.find((r) => r.status !== 200)!;
      expect([LAST_ADMIN.code, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE']).toContain(loser.body.code);
      expect(await actingAdmins(h())).toHaveLength(1);
    });

    it('the only two admins each demoting themself at once: one is demoted, the other is refused', async () => {
      const [first, second] = [await signedUp(h()), await signedUp(h())];
      await setRoles(h(), { [first.id]: 'admin', [second.id]: 'admin' });
      const responses = await Promise.all(
        [first, second].map((a) => a.client.post('/admin/set-role', { userId: a.id, role: 'user' })),
      );
      const refused = responses.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(1);
      expectRefused(refused[0]!);
      expect(await actingAdmins(h())).toHaveLength(1);
    });
  },
  { plugins: [adminPlugin({ roles: ROLES })] },
  racesInTransactions,
);
