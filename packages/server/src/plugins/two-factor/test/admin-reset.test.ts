/**
 * An administrator's reset of a user's two-factor on every database: POST
 * /admin/reset-user-two-factor turns it off (secret, backup codes and trusted browsers gone, the
 * user's sessions kept), for whoever the host's roles grant twoFactor:reset, audited with the
 * administrator as actor.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, auditPlugin, platformPermission, twoFactorPlugin } from '../../..';
import { setRole, signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { auditRows } from '../../audit/test/support/audit-fixtures';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { signIn, totpCode, userWithTwoFactor } from './support';

const allows = platformPermission();
const NOT_ALLOWED = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_RESET_USERS_TWO_FACTOR_AUTHENTICATION',
  message: 'You are not allowed to reset users two-factor authentication',
};
const USER_NOT_FOUND = { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' };
const NOT_YOURSELF = {
  status: 400,
  code: 'YOU_CANNOT_RESET_YOUR_OWN_TWO_FACTOR_AUTHENTICATION',
  message: 'You cannot reset your own two-factor authentication',
};

async function rowsOf(h: Harness, table: string, userId: string) {
  return h.auth.context.db
    .selectFrom(sql.table(table).as('t'))
    .selectAll()
    .where(sql.ref('userId'), '=', userId)
    .execute();
}

describeEachDialect(
  'two-factor reset by an administrator',
  (h) => {
    it('turns the user’s two-factor off: the next sign-in needs the password only, sessions stay', async () => {
      const user = await userWithTwoFactor(h());
      const { client: trusted } = await signIn(h(), user.email);
      await trusted.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret), trustDevice: true });
      expect(await rowsOf(h(), 'trustedDevice', user.userId)).toHaveLength(1);
      const admin = await signUpWithRole(h());

      const reset = await admin.client.post('/admin/reset-user-two-factor', { userId: user.userId });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ status: true });
      expect(await rowsOf(h(), 'twoFactor', user.userId)).toEqual([]);
      expect(await rowsOf(h(), 'trustedDevice', user.userId)).toEqual([]);
      const got = await admin.client.get(`/admin/get-user?id=${user.userId}`);
      expect(got.body.twoFactorEnabled).toBe(false);
      // Nothing else ends: the user's session still works.
      expect((await user.client.get('/get-session')).body.user.id).toBe(user.userId);

      const { response } = await signIn(h(), user.email);
      expect(response.status).toBe(200);
      expect(response.body.twoFactorRedirect).toBeUndefined();
      expect(response.body.token).toEqual(expect.any(String));

      const events = await auditRows(h(), { userId: user.userId, type: 'two-factor-reset' });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ outcome: 'success', actorUserId: admin.user.id, userId: user.userId });
    });

    it('refuses a user without the permission with 403, changing nothing', async () => {
      const user = await userWithTwoFactor(h());
      const other = await h().signUp();
      await expectError(other.client.post('/admin/reset-user-two-factor', { userId: user.userId }), NOT_ALLOWED);
      // Not even one's own: turning it off needs the password (disable).
      await expectError(user.client.post('/admin/reset-user-two-factor', { userId: user.userId }), NOT_ALLOWED);
      expect(await rowsOf(h(), 'twoFactor', user.userId)).toHaveLength(1);
      expect((await signIn(h(), user.email)).response.body.twoFactorRedirect).toBe(true);
      expect((await h().client().post('/admin/reset-user-two-factor', { userId: user.userId })).status).toBe(401);
    });

    it('refuses an administrator’s own reset with 400: their own goes off with the password', async () => {
      const admin = await userWithTwoFactor(h());
      await setRole(h(), admin.userId, 'admin');
      await expectError(admin.client.post('/admin/reset-user-two-factor', { userId: admin.userId }), NOT_YOURSELF);
      expect(await rowsOf(h(), 'twoFactor', admin.userId)).toHaveLength(1);
    });

    it('answers USER_NOT_FOUND for an unknown user', async () => {
      const admin = await signUpWithRole(h());
      await expectError(admin.client.post('/admin/reset-user-two-factor', { userId: 'no-such-user' }), USER_NOT_FOUND);
    });

    it('describes the route in the API document', async () => {
      const document = await h().client().get('/openapi.json');
      const operation = document.body.paths['/admin/reset-user-two-factor']?.post;
      expect(operation).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
      expect(Object.keys(document.body.paths)).toEqual(
        expect.arrayContaining(['/two-factor/list-trusted-devices', '/two-factor/forget-trusted-device']),
      );
    });
  },
  {
    plugins: [
      adminPlugin(),
      auditPlugin(),
      twoFactorPlugin({ mayResetUserTwoFactor: (caller) => allows(caller, { twoFactor: ['reset'] }) }),
    ],
  },
);
