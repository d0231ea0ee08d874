/**
 * What an impersonation session may not do (issue #29, item 7), on every database: add or remove a
 * way to sign in to the account — passkeys, the password, two-factor, linked identities, the
 * e-mail — or delete it, each refused with 403 and nothing changed, while the user's own session
 * still may; and the events of an impersonation session name the admin as actor and the user as
 * subject.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, auditPlugin, passkeyPlugin, twoFactorPlugin } from '../../..';
import { ADMIN_ERRORS } from '../errors';
import { auditRows } from '../../audit/test/support/audit-fixtures';
import { ORIGIN, describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { countRows, expectNothingChanged } from '../../../../test/support/rows';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';
import { PASSWORD, secretOf, totpCode, userWithTwoFactor } from '../../two-factor/test/support';
import { signUpWithRole } from './support/admin-fixtures';

const REFUSED = {
  status: 403,
  code: 'AN_IMPERSONATION_SESSION_CANNOT_CHANGE_HOW_THE_ACCOUNT_SIGNS_IN',
  message: 'An impersonation session cannot change how the account signs in',
};

async function rowsOf(h: Harness, table: string, userId: string) {
  return h.auth.context.db
    .selectFrom(sql.table(table).as('t'))
    .selectAll()
    .where(sql.ref('userId'), '=', userId)
    .orderBy(sql.ref('id'))
    .execute();
}

/** A user with two-factor on and a passkey, and an admin's browser impersonating them. */
async function impersonated(h: Harness) {
  const user = await userWithTwoFactor(h);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await user.client.get('/passkey/generate-register-options');
  const registered = await user.client.post('/passkey/verify-registration', {
    response: authenticator.create(options.body),
    name: 'Laptop',
  });
  expect(registered.status).toBe(200);
  const admin = await signUpWithRole(h, 'admin');
  const started = await admin.client.post('/admin/impersonate-user', { userId: user.userId });
  expect(started.status).toBe(200);
  return { user, admin, passkeyId: registered.body.id as string, authenticator };
}

/** The rows a credential change would touch: user, sessions, accounts, passkeys, two-factor, pending tokens. */
async function expectUnchanged(h: Harness, userId: string, attempt: () => Promise<void>): Promise<void> {
  const snapshot = async () => [
    await rowsOf(h, 'passkey', userId),
    await rowsOf(h, 'twoFactor', userId),
    await countRows(h, 'verification'),
  ];
  const before = await snapshot();
  await expectNothingChanged(h, attempt);
  expect(await snapshot()).toEqual(before);
}

type Attempt = (client: TestClient, context: { h: Harness; passkeyId: string; response: unknown }) => Promise<unknown>;

const REFUSED_ROUTES: Record<string, Attempt> = {
  'change-password': (c) =>
    c.post('/change-password', { currentPassword: PASSWORD, newPassword: 'another password 123' }),
  // Server-only: the application's own call, with the impersonation session's cookie.
  'set-password': (c, { h }) =>
    h.auth.api.setPassword({ body: { newPassword: 'another password 123' }, headers: { cookie: c.cookieHeader } }),
  'change-email': (c) => c.post('/change-email', { newEmail: 'taken-over@example.test' }),
  'link-social': (c) => c.post('/link-social', { provider: 'github' }),
  'unlink-account': (c) => c.post('/unlink-account', { providerId: 'credential' }),
  'delete-user': (c) => c.post('/delete-user', { password: PASSWORD }),
  'passkey/generate-register-options': (c) => c.get('/passkey/generate-register-options'),
  'passkey/verify-registration': (c, { response }) =>
    c.post('/passkey/verify-registration', { response, name: 'Admin key' }),
  'passkey/delete-passkey': (c, { passkeyId }) => c.post('/passkey/delete-passkey', { id: passkeyId }),
  'two-factor/enable': (c) => c.post('/two-factor/enable', { password: PASSWORD }),
  'two-factor/disable': (c) => c.post('/two-factor/disable', { password: PASSWORD }),
  'two-factor/generate-backup-codes': (c) => c.post('/two-factor/generate-backup-codes', { password: PASSWORD }),
  'two-factor/get-totp-uri': (c) => c.post('/two-factor/get-totp-uri', { password: PASSWORD }),
};

describeEachDialect(
  'an impersonation session cannot change how the account signs in',
  (h) => {
    for (const [name, attempt] of Object.entries(REFUSED_ROUTES)) {
      it(`${name}: 403 to the impersonation session, nothing changed`, async () => {
        const { user, admin, passkeyId } = await impersonated(h());
        // A registration the user's own browser prepared: the admin must not complete it either.
        const options = await user.client.get('/passkey/generate-register-options');
        const response = new SoftAuthenticator(ORIGIN).create(options.body);
        await expectUnchanged(h(), user.userId, async () => {
          await expectError(attempt(admin.client, { h: h(), passkeyId, response }), REFUSED);
        });
      });
    }

    it('two-factor/verify-totp and verify-otp: the code that would turn two-factor on is refused', async () => {
      const { client: own, user } = await h().signUp();
      const enabled = await own.post('/two-factor/enable', { password: PASSWORD });
      expect(enabled.status).toBe(200);
      const admin = await signUpWithRole(h(), 'admin');
      expect((await admin.client.post('/admin/impersonate-user', { userId: user.id })).status).toBe(200);
      const code = totpCode(h(), secretOf(enabled.body.totpURI));
      await expectUnchanged(h(), user.id, async () => {
        await expectError(admin.client.post('/two-factor/verify-totp', { code }), REFUSED);
        await expectError(admin.client.post('/two-factor/verify-otp', { code: '000000' }), REFUSED);
      });
      // The user's own browser still finishes it.
      expect((await own.post('/two-factor/verify-totp', { code })).status).toBe(200);
    });

    it("the user's own session still may; the impersonation session still acts within the account", async () => {
      const { user, admin, passkeyId } = await impersonated(h());
      // Renaming a passkey changes no way in: allowed (docs/decisions.md, Admin).
      const renamed = await admin.client.post('/passkey/update-passkey', { id: passkeyId, name: 'Renamed' });
      expect(renamed.status).toBe(200);
      expect((await admin.client.post('/update-user', { name: 'Named by support' })).status).toBe(200);

      expect((await user.client.post('/two-factor/get-totp-uri', { password: PASSWORD })).status).toBe(200);
      expect((await user.client.get('/passkey/generate-register-options')).status).toBe(200);
      const changed = await user.client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'another password 123',
      });
      expect(changed.status).toBe(200);
      expect((await user.client.post('/passkey/delete-passkey', { id: passkeyId })).status).toBe(200);
      expect(await rowsOf(h(), 'passkey', user.userId)).toEqual([]);
    });

    it('events of an impersonation session name the admin as actor and the user as subject', async () => {
      const { user, admin } = await impersonated(h());
      // An emission point that builds its own origin (no session in it) is attributed all the same.
      expect((await admin.client.post('/revoke-other-sessions')).status).toBe(200);
      const [revoked] = await auditRows(h(), { userId: user.userId, type: 'session-revoked' });
      expect(revoked).toMatchObject({ actorUserId: admin.user.id, userId: user.userId });

      // The user's own session: the user is the actor.
      const { client: own, user: other } = await h().signUp();
      expect((await own.post('/revoke-other-sessions')).status).toBe(200);
      const [ownEvent] = await auditRows(h(), { userId: other.id, type: 'session-revoked' });
      expect(ownEvent).toMatchObject({ actorUserId: other.id, userId: other.id });

      // A route that reads its session itself (sign-out) names the admin too.
      expect((await admin.client.post('/sign-out')).status).toBe(200);
      const [signedOut] = await auditRows(h(), { userId: user.userId, type: 'sign-out' });
      expect(signedOut).toMatchObject({ actorUserId: admin.user.id, userId: user.userId });
    });

    it('the refusal is the admin plugin’s catalogue entry', () => {
      expect(ADMIN_ERRORS.impersonationCannotChangeSignIn).toEqual(REFUSED);
    });
  },
  {
    plugins: [adminPlugin(), passkeyPlugin(), twoFactorPlugin(), auditPlugin()],
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
  },
);
