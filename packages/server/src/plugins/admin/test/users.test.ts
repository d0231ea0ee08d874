/**
 * User management by the admin plugin on every database: set-role, create-user, get-user,
 * update-user, remove-user, set-user-password and has-permission, each allowed for an admin and
 * refused for a plain user (its 403) and without a session (401), with the rows they leave.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { AuthError, adminPlugin, usernamePlugin } from '../../..';
import { ADMIN_STATEMENTS } from '../access-control';
import {
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type TestClient,
  type TestResponse,
} from '../../../../test/support/harness';
import { expectNothingChanged } from '../../../../test/support/rows';
import { PASSWORD, setRole, signInWithRole, UNAUTHORIZED } from './support/admin-fixtures';

const USER_NOT_FOUND = { code: 'USER_NOT_FOUND', message: 'User not found' };
// better-auth 1.7's answer to a role missing from the roles table.
const NON_EXISTENT_ROLE = {
  code: 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
  message: 'You are not allowed to set a non-existent role value',
};
const NOT_ALLOWED_TO_GET_USER = { code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', message: 'You are not allowed to get user' };
const NOT_ALLOWED_TO_CHANGE_ROLE = {
  code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
  message: 'You are not allowed to change users role',
};

/** The default table plus `support`, who may create, read and update users but not give roles. */
const ROLES = {
  admin: { user: [...ADMIN_STATEMENTS.user], session: [...ADMIN_STATEMENTS.session] },
  user: {},
  support: { user: ['create', 'get', 'update'] },
};

async function userRow(h: Harness, id: string): Promise<Record<string, unknown> | undefined> {
  return h.auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** POST /admin/create-user of a new address, with `fields` over a valid body. */
function createUser(client: TestClient, fields: Record<string, unknown> = {}): Promise<TestResponse> {
  return client.post('/admin/create-user', { email: uniqueEmail(), password: PASSWORD, name: 'X', ...fields });
}

/** The answer may refresh the caller's cookie cache, but clears none of the caller's cookies. */
function expectNoCookieCleared(response: TestResponse): void {
  for (const { value, attributes } of response.setCookies.values()) {
    expect(value).not.toBe('');
    expect(attributes['max-age']).not.toBe('0');
  }
}

async function signInStatus(h: Harness, email: string, password: string): Promise<number> {
  return (await h.client().post('/sign-in/email', { email, password })).status;
}

describeEachDialect(
  'admin user management',
  (h) => {
    it('an admin demoted a moment ago is refused by list-users and get-user, even with a fresh cookie cache', async () => {
      const { client, user } = await signInWithRole(h(), 'admin');
      expect((await client.get('/admin/list-users?limit=1')).status).toBe(200);
      await setRole(h(), user.id, 'user');
      await expectError(await client.get('/admin/list-users?limit=1'), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
        message: 'You are not allowed to list users',
      });
      await expectError(await client.get(`/admin/get-user?id=${user.id}`), 403, NOT_ALLOWED_TO_GET_USER);
    });

    // ---- set-role

    it('set-role stores a list of roles comma-joined and answers the updated user', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      const response = await client.post('/admin/set-role', { userId: user.id, role: ['admin', 'support'] });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ id: user.id, role: 'admin,support' });
      expect((await userRow(h(), user.id))?.role).toBe('admin,support');

      const single = await client.post('/admin/set-role', { userId: user.id, role: 'user' });
      expect(single.body.user.role).toBe('user');
      expect((await userRow(h(), user.id))?.role).toBe('user');
    });

    it('set-role refuses a role missing from the roles table with 400 YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE and changes nothing', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        await expectError(
          await client.post('/admin/set-role', { userId: user.id, role: ['admin', 'owner'] }),
          400,
          NON_EXISTENT_ROLE,
        );
        await expectError(
          await client.post('/admin/set-role', { userId: user.id, role: 'constructor' }),
          400,
          NON_EXISTENT_ROLE,
        );
      });
    });

    it('set-role answers 404 for an unknown user, 403 for a plain user and 401 without a session', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: plain, user } = await h().signUp();
      await expectError(
        await admin.post('/admin/set-role', { userId: 'no-such-user', role: 'admin' }),
        404,
        USER_NOT_FOUND,
      );
      await expectNothingChanged(h(), async () => {
        await expectError(
          await plain.post('/admin/set-role', { userId: user.id, role: 'admin' }),
          403,
          NOT_ALLOWED_TO_CHANGE_ROLE,
        );
        await expectError(
          await h().client().post('/admin/set-role', { userId: user.id, role: 'admin' }),
          401,
          UNAUTHORIZED,
        );
      });
    });

    // ---- create-user

    it('create-user creates a user with a credential account, a normalised e-mail and the given role', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const email = uniqueEmail('created');
      const response = await client.post('/admin/create-user', {
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        name: 'Created User',
        role: ['support', 'user'],
        data: { image: 'https://example.com/a.png', username: `Created_${Date.now()}` },
      });
      expect(response.status).toBe(200);
      const { user } = response.body;
      expect(user).toMatchObject({
        email,
        name: 'Created User',
        role: 'support,user',
        emailVerified: false,
        banned: false,
      });
      expect(user.username).toMatch(/^created_\d+$/);
      expect(user.image).toBe('https://example.com/a.png');
      const row = await userRow(h(), user.id);
      expect(row).toMatchObject({ email, role: 'support,user', username: user.username });
      const accounts = await h()
        .auth.context.db.selectFrom('account')
        .selectAll()
        .where('userId', '=', user.id)
        .execute();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ providerId: 'credential', accountId: user.id });
      expect(accounts[0]?.password).toMatch(/^\$argon2id\$/);
      // The admin's own session is untouched and the new user signs in with the password.
      expectNoCookieCleared(response);
      expect(
        await h().auth.context.db.selectFrom('session').select('id').where('userId', '=', user.id).execute(),
      ).toEqual([]);
      expect(await signInStatus(h(), email, PASSWORD)).toBe(200);
    });

    it('create-user gives the default role and ignores id, email, emailVerified, role and ban fields in data', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const email = uniqueEmail('plain');
      const response = await client.post('/admin/create-user', {
        email,
        password: PASSWORD,
        name: 'Plain',
        data: {
          id: 'chosen-id',
          email: 'other@example.com',
          emailVerified: true,
          role: 'admin',
          banned: true,
          banReason: 'x',
          name: 'Ignored',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({
        email,
        name: 'Plain',
        role: 'user',
        emailVerified: false,
        banned: false,
        banReason: null,
      });
      expect(response.body.user.id).not.toBe('chosen-id');
      expect(await userRow(h(), 'chosen-id')).toBeUndefined();
      expect(await userRow(h(), response.body.user.id)).toMatchObject({ email, role: 'user' });
    });

    it('create-user answers a taken e-mail, a bad e-mail, password or role with 400, creating nothing', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user: existing } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        const taken = await createUser(client, { email: existing.email.toUpperCase() });
        // better-auth's status for this route; sign-up answers the same entry with 422.
        await expectError(taken, 400, {
          code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: 'User already exists. Use another email.',
        });
        const invalid = await createUser(client, { email: 'not-an-email' });
        await expectError(invalid, 400, { code: 'INVALID_EMAIL', message: 'Invalid email' });
        const short = await createUser(client, { password: 'short' });
        await expectError(short, 400, { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
        const long = await createUser(client, { password: 'x'.repeat(129) });
        await expectError(long, 400, { code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
        const role = await createUser(client, { role: 'root' });
        await expectError(role, 400, NON_EXISTENT_ROLE);
        const missing = await createUser(client, { name: undefined });
        await expectError(missing, 400, { code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      });
    });

    it('create-user without a password makes a user with no credential account, as better-auth 1.7', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const email = uniqueEmail('nopassword');
      const response = await createUser(client, { email, password: undefined });
      expect(response.status).toBe(200);
      const accounts = await h()
        .auth.context.db.selectFrom('account')
        .select('providerId')
        .where('userId', '=', response.body.user.id)
        .execute();
      expect(accounts).toEqual([]);
      expect(await signInStatus(h(), email, PASSWORD)).toBe(401);
    });

    // Guard: the unique index on user.email (db/migrations/0001-core.ts); create-user answers its violation as the taken address.
    it('create-user answers parallel creations of one e-mail with one user and 400 for the others', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const email = uniqueEmail('twice');
      const responses = await Promise.all(
        Array.from({ length: 4 }, () =>
          client.post('/admin/create-user', { email, password: PASSWORD, name: 'Twice' }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const refused of responses.filter((r) => r.status !== 200)) {
        await expectError(refused, 400, {
          code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: 'User already exists. Use another email.',
        });
      }
      expect(
        await h().auth.context.db.selectFrom('user').select('id').where('email', '=', email).execute(),
      ).toHaveLength(1);
    });

    it('create-user with a role needs set-role too: support may create plain users but not give roles', async () => {
      const { client } = await signInWithRole(h(), 'support');
      await expectNothingChanged(h(), async () => {
        const response = await createUser(client, { role: 'admin' });
        await expectError(response, 403, NOT_ALLOWED_TO_CHANGE_ROLE);
      });
      const plain = await createUser(client);
      expect(plain.status).toBe(200);
      expect(plain.body.user.role).toBe('user');
    });

    it('create-user answers 403 to a plain user and 401 without a session', async () => {
      const { client } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        const body = { email: uniqueEmail(), password: PASSWORD, name: 'X' };
        await expectError(await client.post('/admin/create-user', body), 403, {
          code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
          message: 'You are not allowed to create users',
        });
        await expectError(await h().client().post('/admin/create-user', body), 401, UNAUTHORIZED);
      });
    });

    // ---- get-user

    it('get-user answers the user itself, 404 for an unknown id, 403 for a plain user and 401 without a session', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: plain, user } = await h().signUp();
      const response = await admin.get(`/admin/get-user?id=${encodeURIComponent(user.id)}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: user.id, email: user.email, role: 'user', banned: false });
      await expectError(await admin.get('/admin/get-user?id=no-such-user'), 404, USER_NOT_FOUND);
      await expectError(await admin.get('/admin/get-user'), 400, {
        code: 'VALIDATION_ERROR',
        message: 'Invalid query parameters',
      });
      await expectError(await plain.get(`/admin/get-user?id=${user.id}`), 403, NOT_ALLOWED_TO_GET_USER);
      await expectError(await h().client().get(`/admin/get-user?id=${user.id}`), 401, UNAUTHORIZED);
    });

    // ---- update-user

    // The e-mail keys need user:set-email and have their own suite (user-page.test.ts).
    it('update-user changes name, image and username by their rules and ignores ban fields', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      const username = `Renamed_${Date.now()}`;
      const response = await client.post('/admin/update-user', {
        userId: user.id,
        data: {
          name: 'Renamed',
          image: 'https://example.com/b.png',
          username,
          banned: true,
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: user.id,
        name: 'Renamed',
        username: username.toLowerCase(),
        displayUsername: username,
        email: user.email,
      });
      expect(await userRow(h(), user.id)).toMatchObject({
        name: 'Renamed',
        image: 'https://example.com/b.png',
        email: user.email,
        username: username.toLowerCase(),
      });
      const row = await userRow(h(), user.id);
      expect(Boolean(row?.emailVerified)).toBe(false);
      expect(Boolean(row?.banned)).toBe(false);

      const invalid = await client.post('/admin/update-user', { userId: user.id, data: { username: 'a b' } });
      await expectError(invalid, 400, { code: 'USERNAME_IS_INVALID', message: 'username is invalid' });
      const badName = await client.post('/admin/update-user', { userId: user.id, data: { name: 42 } });
      await expectError(badName, 400, { code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(badName.body.details[0].path).toBe('data.name');
    });

    it('update-user changes the role only by set-role rules', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: support } = await signInWithRole(h(), 'support');
      const { user } = await h().signUp();
      const response = await admin.post('/admin/update-user', { userId: user.id, data: { role: ['support', 'user'] } });
      expect(response.status).toBe(200);
      expect((await userRow(h(), user.id))?.role).toBe('support,user');
      await expectNothingChanged(h(), async () => {
        await expectError(
          await admin.post('/admin/update-user', { userId: user.id, data: { role: 'root' } }),
          400,
          NON_EXISTENT_ROLE,
        );
        await expectError(
          await support.post('/admin/update-user', { userId: user.id, data: { role: 'admin' } }),
          403,
          NOT_ALLOWED_TO_CHANGE_ROLE,
        );
      });
      const byName = await support.post('/admin/update-user', { userId: user.id, data: { name: 'By Support' } });
      expect(byName.body).toMatchObject({ name: 'By Support', role: 'support,user' });
    });

    it('update-user with empty data answers 400 NO_DATA_TO_UPDATE and changes nothing', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        await expectError(await client.post('/admin/update-user', { userId: user.id, data: {} }), 400, {
          code: 'NO_DATA_TO_UPDATE',
          message: 'No data to update',
        });
        // As better-auth, before the user is looked up.
        await expectError(await client.post('/admin/update-user', { userId: 'no-such-user', data: {} }), 400, {
          code: 'NO_DATA_TO_UPDATE',
          message: 'No data to update',
        });
      });
    });

    it('update-user answers 404 for an unknown user, 403 for a plain user and 401 without a session', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: plain, user } = await h().signUp();
      await expectError(
        await admin.post('/admin/update-user', { userId: 'no-such-user', data: { name: 'X' } }),
        404,
        USER_NOT_FOUND,
      );
      await expectNothingChanged(h(), async () => {
        await expectError(await plain.post('/admin/update-user', { userId: user.id, data: { name: 'X' } }), 403, {
          code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
          message: 'You are not allowed to update users',
        });
        await expectError(
          await h()
            .client()
            .post('/admin/update-user', { userId: user.id, data: { name: 'X' } }),
          401,
          UNAUTHORIZED,
        );
      });
    });

    // ---- remove-user

    it('remove-user deletes the user with its sessions and accounts and leaves the admin signed in', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: victim, user } = await h().signUp();
      await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      const response = await admin.post('/admin/remove-user', { userId: user.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expectNoCookieCleared(response);
      const db = h().auth.context.db;
      expect(await userRow(h(), user.id)).toBeUndefined();
      expect(await db.selectFrom('session').select('id').where('userId', '=', user.id).execute()).toEqual([]);
      expect(await db.selectFrom('account').select('id').where('userId', '=', user.id).execute()).toEqual([]);
      expect((await victim.get('/get-session?disableCookieCache=true')).body).toBeNull();
      expect((await admin.get('/get-session?disableCookieCache=true')).body.user.role).toBe('admin');
    });

    it('remove-user refuses to remove the admin themself and answers 404 for an unknown user', async () => {
      const { client, user } = await signInWithRole(h(), 'admin');
      await expectNothingChanged(h(), async () => {
        await expectError(await client.post('/admin/remove-user', { userId: user.id }), 400, {
          code: 'YOU_CANNOT_REMOVE_YOURSELF',
          message: 'You cannot remove yourself',
        });
        await expectError(await client.post('/admin/remove-user', { userId: 'no-such-user' }), 404, USER_NOT_FOUND);
      });
    });

    it('remove-user answers 403 to a plain user and 401 without a session', async () => {
      const { client } = await h().signUp();
      const { user } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        await expectError(await client.post('/admin/remove-user', { userId: user.id }), 403, {
          code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
          message: 'You are not allowed to delete users',
        });
        await expectError(await h().client().post('/admin/remove-user', { userId: user.id }), 401, UNAUTHORIZED);
      });
    });

    // ---- set-user-password

    it('set-user-password replaces the password: the new one signs in, the old one no longer does', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      const response = await client.post('/admin/set-user-password', {
        userId: user.id,
        newPassword: 'a brand new password',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
      expect(await signInStatus(h(), user.email, 'a brand new password')).toBe(200);
      expect(await signInStatus(h(), user.email, PASSWORD)).toBe(401);
    });

    it('set-user-password keeps the length rules and answers 404 for an unknown user', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const { user } = await h().signUp();
      await expectError(await client.post('/admin/set-user-password', { userId: user.id, newPassword: 'short' }), 400, {
        code: 'PASSWORD_TOO_SHORT',
        message: 'Password too short',
      });
      await expectError(
        await client.post('/admin/set-user-password', { userId: user.id, newPassword: 'y'.repeat(129) }),
        400,
        {
          code: 'PASSWORD_TOO_LONG',
          message: 'Password too long',
        },
      );
      await expectError(
        await client.post('/admin/set-user-password', { userId: 'no-such-user', newPassword: 'long enough password' }),
        404,
        USER_NOT_FOUND,
      );
      expect(await signInStatus(h(), user.email, PASSWORD)).toBe(200);
    });

    it('set-user-password answers 403 to a plain user and 401 without a session', async () => {
      const { client } = await h().signUp();
      const { user } = await h().signUp();
      const body = { userId: user.id, newPassword: 'attacker chosen password' };
      await expectError(await client.post('/admin/set-user-password', body), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
        message: 'You are not allowed to set users password',
      });
      await expectError(await h().client().post('/admin/set-user-password', body), 401, UNAUTHORIZED);
      expect(await signInStatus(h(), user.email, 'attacker chosen password')).toBe(401);
    });

    // ---- has-permission

    it('has-permission answers for the session user, whatever userId or role the body names', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin');
      const { client: plain } = await h().signUp();
      const allowed = await admin.post('/admin/has-permission', { permissions: { user: ['list', 'ban'] } });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toEqual({ error: null, success: true });
      // better-auth's older field name.
      expect((await admin.post('/admin/has-permission', { permission: { session: ['revoke'] } })).body).toEqual({
        error: null,
        success: true,
      });
      expect((await admin.post('/admin/has-permission', { permissions: { user: ['fly'] } })).body.success).toBe(false);
      const denied = await plain.post('/admin/has-permission', { permissions: { user: ['list'] }, role: 'admin' });
      expect(denied.status).toBe(200);
      expect(denied.body).toEqual({ error: null, success: false });
    });

    it('has-permission checks one resource at a time and needs a session over HTTP', async () => {
      const { client } = await signInWithRole(h(), 'admin');
      const invalid = { code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
      await expectError(
        await client.post('/admin/has-permission', { permissions: { user: ['list'], session: ['list'] } }),
        400,
        invalid,
      );
      await expectError(await client.post('/admin/has-permission', { permissions: {} }), 400, invalid);
      await expectError(
        await client.post('/admin/has-permission', { permission: { user: ['list'] }, permissions: { user: ['list'] } }),
        400,
        invalid,
      );
      await expectError(await client.post('/admin/has-permission', {}), 400, invalid);
      await expectError(
        await h()
          .client()
          .post('/admin/has-permission', { permissions: { user: ['list'] }, role: 'admin' }),
        401,
        UNAUTHORIZED,
      );
    });

    it('has-permission called on the server without headers checks the given role, or the given user', async () => {
      const { user: admin } = await signInWithRole(h(), 'admin');
      const { user: plain } = await h().signUp();
      const api = h().auth.api as unknown as Record<string, (input: { body: unknown }) => Promise<unknown>>;
      const check = (body: unknown) => api.userHasPermission!({ body });
      expect(await check({ role: 'support', permissions: { user: ['create'] } })).toEqual({
        error: null,
        success: true,
      });
      expect(await check({ role: 'support', permissions: { user: ['delete'] } })).toEqual({
        error: null,
        success: false,
      });
      expect(await check({ userId: admin.id, permissions: { user: ['delete'] } })).toEqual({
        error: null,
        success: true,
      });
      expect(await check({ userId: plain.id, permissions: { user: ['delete'] } })).toEqual({
        error: null,
        success: false,
      });
      const unknown = await check({ userId: 'no-such-user', permissions: { user: ['list'] } }).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(AuthError);
      expect((unknown as AuthError).code).toBe('USER_NOT_FOUND');
      const neither = await check({ permissions: { user: ['list'] } }).catch((e: unknown) => e);
      expect((neither as AuthError).code).toBe('VALIDATION_ERROR');
    });
  },
  { plugins: [usernamePlugin(), adminPlugin({ roles: ROLES })] },
);
