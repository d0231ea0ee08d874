/**
 * Whom an admin action reaches (issue #29, item 6), on every database: every action on another
 * user needs, on an admin, the action's `-admins` permission (which the built-in admin role
 * lacks), and on anyone, that the target holds no permission the actor lacks; a role given holds
 * none either. Configured admin user ids pass. Each refusal changes nothing.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError, type ExpectedError } from '../../../../../../test/expect-error';
import { adminPlugin, platformPermission, platformReach, twoFactorPlugin } from '../../..';
import { ADMIN_STATEMENTS, DEFAULT_ROLES } from '../access-control';
import { hashPassword } from '../../../crypto/password';
import {
  describeEachDialect,
  type Harness,
  type TestClient,
  type TestResponse,
} from '../../../../test/support/harness';
import { expectNothingChanged, sessionCount } from '../../../../test/support/rows';
import { userWithTwoFactor } from '../../two-factor/test/support';
import { insertUserWithId, PASSWORD, setRole, signUpWithRole } from './support/admin-fixtures';

const CONFIGURED_ADMIN_ID = 'configured-reach-admin';

const ROLES = {
  ...DEFAULT_ROLES,
  passwords: { user: ['set-password'] },
  banner: { user: ['ban'] },
  remover: { user: ['delete'] },
  roles: { user: ['set-role'] },
  editor: { user: ['update'] },
  impersonator: { user: ['impersonate'] },
  revoker: { session: ['revoke'] },
  resetter: { twoFactor: ['reset'] },
  // Beside `admin`: every action on other admins.
  owner: {
    user: ADMIN_STATEMENTS.user.filter((a) => a.endsWith('-admins')),
    session: ['revoke-admins'],
    twoFactor: ['reset-admins'],
  },
};
const adminOptions = { roles: ROLES, adminUserIds: [CONFIGURED_ADMIN_ID] };
const allows = platformPermission(adminOptions);
const reaches = platformReach(adminOptions);

const ACT_ON_ADMINS: ExpectedError = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_ACT_ON_ADMINS',
  message: 'You are not allowed to act on admins',
};
const MORE_POWERFUL: ExpectedError = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_ACT_ON_USERS_WITH_PERMISSIONS_YOU_DO_NOT_HAVE',
  message: 'You are not allowed to act on users with permissions you do not have',
};
const GRANT_MORE: ExpectedError = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_GRANT_PERMISSIONS_YOU_DO_NOT_HAVE',
  message: 'You are not allowed to grant permissions you do not have',
};
const CANNOT_IMPERSONATE_ADMINS: ExpectedError = {
  status: 403,
  code: 'YOU_CANNOT_IMPERSONATE_ADMINS',
  message: 'You cannot impersonate admins',
};
const RESET_REFUSED: ExpectedError = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_RESET_THE_TWO_FACTOR_AUTHENTICATION_OF_THIS_USER',
  message: 'You are not allowed to reset the two-factor authentication of this user',
};

interface Target {
  id: string;
  email: string;
  token: string;
}

/** One admin action on a target, the role that holds only its permission, and what it changes. */
interface Action {
  name: string;
  role: string;
  /** The refusal of an admin target without the `-admins` permission. */
  onAdmin: ExpectedError;
  /** The refusal of a target, no admin, holding a permission the actor lacks. */
  onMightier: ExpectedError;
  act(client: TestClient, target: Target): Promise<TestResponse>;
  /** Asserts the action took effect on the target's rows. */
  changed(h: Harness, target: Target): Promise<void>;
}

async function userRow(h: Harness, id: string) {
  return h.auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    Record<string, unknown> | undefined
  >;
}

async function twoFactorRows(h: Harness, userId: string) {
  return h.auth.context.db
    .selectFrom(sql.table('twoFactor').as('t'))
    .selectAll()
    .where(sql.ref('userId'), '=', userId)
    .execute();
}

const ACTIONS: Action[] = [
  {
    name: 'set-user-password',
    role: 'passwords',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/set-user-password', { userId: t.id, newPassword: 'a new password 123' }),
    changed: async (h, t) => {
      const signIn = await h.client().post('/sign-in/email', { email: t.email, password: 'a new password 123' });
      expect(signIn.status).toBe(200);
    },
  },
  {
    name: 'ban-user',
    role: 'banner',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/ban-user', { userId: t.id }),
    changed: async (h, t) => expect((await userRow(h, t.id))?.banned).toBeTruthy(),
  },
  {
    name: 'unban-user',
    role: 'banner',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/unban-user', { userId: t.id }),
    changed: async (h, t) => expect((await userRow(h, t.id))?.banned).toBeFalsy(),
  },
  {
    name: 'remove-user',
    role: 'remover',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/remove-user', { userId: t.id }),
    changed: async (h, t) => expect(await userRow(h, t.id)).toBeUndefined(),
  },
  {
    name: 'set-role',
    role: 'roles',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/set-role', { userId: t.id, role: 'user' }),
    changed: async (h, t) => expect((await userRow(h, t.id))?.role).toBe('user'),
  },
  {
    name: 'update-user',
    role: 'editor',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/update-user', { userId: t.id, data: { name: 'Renamed by reach' } }),
    changed: async (h, t) => expect((await userRow(h, t.id))?.name).toBe('Renamed by reach'),
  },
  {
    name: 'impersonate-user',
    role: 'impersonator',
    onMightier: MORE_POWERFUL,
    onAdmin: CANNOT_IMPERSONATE_ADMINS,
    act: (c, t) => c.post('/admin/impersonate-user', { userId: t.id }),
    changed: async (h, t) => expect(await sessionCount(h, t.id)).toBe(2),
  },
  {
    name: 'revoke-user-sessions',
    role: 'revoker',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/revoke-user-sessions', { userId: t.id }),
    changed: async (h, t) => expect(await sessionCount(h, t.id)).toBe(0),
  },
  {
    name: 'revoke-user-session',
    role: 'revoker',
    onMightier: MORE_POWERFUL,
    onAdmin: ACT_ON_ADMINS,
    act: (c, t) => c.post('/admin/revoke-user-session', { sessionToken: t.token }),
    changed: async (h, t) => expect(await sessionCount(h, t.id)).toBe(0),
  },
  {
    name: 'reset-user-two-factor',
    role: 'resetter',
    onMightier: RESET_REFUSED,
    onAdmin: RESET_REFUSED,
    act: (c, t) => c.post('/admin/reset-user-two-factor', { userId: t.id }),
    changed: async (h, t) => expect(await twoFactorRows(h, t.id)).toEqual([]),
  },
];

/** A signed-in target with `role` (and, for the two-factor reset, two-factor on), with one session. */
async function target(h: Harness, role: string): Promise<Target> {
  const user = await userWithTwoFactor(h);
  await setRole(h, user.userId, role);
  const [session] = await h.auth.context.db
    .selectFrom('session')
    .select('token')
    .where('userId', '=', user.userId)
    .execute();
  expect(await sessionCount(h, user.userId)).toBe(1);
  return { id: user.userId, email: user.email, token: session!.token };
}

/** Runs a refused attempt: its status, code and message, and not a row changed (two-factor's included). */
async function expectRefusedUnchanged(
  h: Harness,
  t: Target,
  attempt: () => Promise<TestResponse>,
  expected: ExpectedError,
): Promise<void> {
  const twoFactorBefore = await twoFactorRows(h, t.id);
  await expectNothingChanged(h, async () => {
    await expectError(attempt(), expected);
  });
  expect(await twoFactorRows(h, t.id)).toEqual(twoFactorBefore);
}

describeEachDialect(
  'admin actions reach only users whose permissions are the actor’s own',
  (h) => {
    for (const action of ACTIONS) {
      it(`${action.name}: a role with only its permission is refused on an admin, allowed on a plain user`, async () => {
        const actor = await signUpWithRole(h(), action.role);
        const admin = await target(h(), 'admin');
        await expectRefusedUnchanged(h(), admin, () => action.act(actor.client, admin), action.onAdmin);

        const plain = await target(h(), 'user');
        if (action.name === 'unban-user') await setBanned(h(), plain.id);
        const response = await action.act(actor.client, plain);
        expect(response.status).toBe(200);
        await action.changed(h(), plain);
      });

      it(`${action.name}: a role with only its permission is refused on a user holding a permission it lacks`, async () => {
        const actor = await signUpWithRole(h(), action.role);
        // No admin, but a permission the actor lacks: the actor would climb to it.
        const mightier = await target(h(), action.role === 'passwords' ? 'banner' : 'passwords');
        if (action.name === 'unban-user') await setBanned(h(), mightier.id);
        await expectRefusedUnchanged(h(), mightier, () => action.act(actor.client, mightier), action.onMightier);
      });

      it(`${action.name}: the built-in admin is refused on another admin, and allowed with the -admins permission`, async () => {
        const admin = await signUpWithRole(h(), 'admin');
        const other = await target(h(), 'admin');
        await expectRefusedUnchanged(h(), other, () => action.act(admin.client, other), action.onAdmin);

        const owner = await signUpWithRole(h(), 'admin,owner');
        if (action.name === 'unban-user') await setBanned(h(), other.id);
        const response = await action.act(owner.client, other);
        expect(response.status).toBe(200);
        await action.changed(h(), other);
      });
    }

    it('a target holding a permission the actor lacks is refused, though no admin', async () => {
      const actor = await signUpWithRole(h(), 'impersonator');
      // The attack of the issue: impersonate a set-role holder, then make oneself admin.
      const roleSetter = await target(h(), 'roles');
      await expectRefusedUnchanged(
        h(),
        roleSetter,
        () => actor.client.post('/admin/impersonate-user', { userId: roleSetter.id }),
        MORE_POWERFUL,
      );
      const passwords = await signUpWithRole(h(), 'passwords');
      await expectRefusedUnchanged(
        h(),
        roleSetter,
        () => passwords.client.post('/admin/set-user-password', { userId: roleSetter.id, newPassword: 'x'.repeat(12) }),
        MORE_POWERFUL,
      );
      // Equal permissions are a subset: a peer is reached.
      const peer = await target(h(), 'impersonator');
      expect((await actor.client.post('/admin/impersonate-user', { userId: peer.id })).status).toBe(200);
    });

    it('set-role and update-user refuse a role that grants more than the actor holds', async () => {
      const actor = await signUpWithRole(h(), 'roles,editor');
      const plain = await target(h(), 'user');
      await expectRefusedUnchanged(
        h(),
        plain,
        () => actor.client.post('/admin/set-role', { userId: plain.id, role: 'admin' }),
        GRANT_MORE,
      );
      await expectRefusedUnchanged(
        h(),
        plain,
        () => actor.client.post('/admin/set-role', { userId: actor.user.id, role: ['roles', 'passwords'] }),
        GRANT_MORE,
      );
      await expectRefusedUnchanged(
        h(),
        plain,
        () => actor.client.post('/admin/update-user', { userId: plain.id, data: { role: 'admin' } }),
        GRANT_MORE,
      );
      // A role within the actor's own is given.
      expect((await actor.client.post('/admin/set-role', { userId: plain.id, role: 'roles' })).status).toBe(200);
      expect((await userRow(h(), plain.id))?.role).toBe('roles');
      // The built-in admin still promotes a user to admin: its own permissions.
      const admin = await signUpWithRole(h(), 'admin');
      const promoted = await target(h(), 'user');
      expect((await admin.client.post('/admin/set-role', { userId: promoted.id, role: 'admin' })).status).toBe(200);
      // But cannot give the role that acts on admins.
      await expectRefusedUnchanged(
        h(),
        promoted,
        () => admin.client.post('/admin/set-role', { userId: admin.user.id, role: ['admin', 'owner'] }),
        GRANT_MORE,
      );
    });

    it('a configured admin user id reaches admins and gives any role; a built-in admin does not reach it', async () => {
      const configured = await signInConfiguredAdmin(h());
      const other = await target(h(), 'admin,owner');
      expect(
        (await configured.post('/admin/set-user-password', { userId: other.id, newPassword: 'a new password 123' }))
          .status,
      ).toBe(200);
      const plain = await target(h(), 'user');
      expect((await configured.post('/admin/set-role', { userId: plain.id, role: ['admin', 'owner'] })).status).toBe(
        200,
      );
      expect((await userRow(h(), plain.id))?.role).toBe('admin,owner');

      const admin = await signUpWithRole(h(), 'admin');
      const email = (await userRow(h(), CONFIGURED_ADMIN_ID))!.email as string;
      await expectRefusedUnchanged(
        h(),
        { id: CONFIGURED_ADMIN_ID, email, token: '' },
        () =>
          admin.client.post('/admin/set-user-password', { userId: CONFIGURED_ADMIN_ID, newPassword: 'x'.repeat(12) }),
        ACT_ON_ADMINS,
      );
    });
  },
  {
    plugins: [
      adminPlugin(adminOptions),
      twoFactorPlugin({
        mayResetUserTwoFactor: (caller) => allows(caller, { twoFactor: ['reset'] }),
        mayResetTwoFactorOf: (caller, t) => reaches(caller, t, ['twoFactor', 'reset']),
      }),
    ],
  },
);

/** The configured admin user id, given a password and signed in. */
async function signInConfiguredAdmin(h: Harness): Promise<TestClient> {
  await insertUserWithId(h, CONFIGURED_ADMIN_ID);
  await h.auth.context.accounts.setPassword(CONFIGURED_ADMIN_ID, await hashPassword(PASSWORD), h.clock.now());
  const email = (await userRow(h, CONFIGURED_ADMIN_ID))!.email as string;
  const client = h.client();
  expect((await client.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

async function setBanned(h: Harness, id: string): Promise<void> {
  await h.auth.context.db
    .updateTable('user')
    .set({ banned: true } as never)
    .where('id', '=', id)
    .execute();
}
