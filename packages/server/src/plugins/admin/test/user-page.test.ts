/**
 * What the admin console's user page does beyond the profile on every database: changing a user's
 * e-mail (update-user with `user:set-email`), their linked accounts and passkeys, resending the
 * verification mail, and creating a user with an invitation to choose a password — each refused
 * for a lesser role, with the rows, mails and audit events they leave.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, auditPlugin, passkeyPlugin, platformPermission, platformReach } from '../../..';
import { DEFAULT_ADMIN_ROLES } from '../../..';
import { auditRows } from '../../audit/test/support/audit-fixtures';
import { insertPasskey } from '../../passkey/store';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { PASSWORD, signUpWithRole } from './support/admin-fixtures';

/** The default table plus `support`: update users, but neither their e-mail nor their passkeys. */
const ROLES = { ...DEFAULT_ADMIN_ROLES, support: { user: ['get', 'update'] } };
const allows = platformPermission({ roles: ROLES });
const reaches = platformReach({ roles: ROLES });

const SET_EMAIL_REFUSED = {
  code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
  message: 'You are not allowed to update users email',
};

async function userRow(h: Harness, id: string) {
  return h.auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function addPasskey(h: Harness, userId: string, name = 'Laptop'): Promise<string> {
  const id = `pk-${Math.random().toString(36).slice(2)}`;
  await insertPasskey(h.auth.context, {
    id,
    name,
    publicKey: 'AQID',
    userId,
    credentialID: `cred-${id}`,
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
    transports: 'internal',
    createdAt: h.clock.now(),
    aaguid: null,
  });
  return id;
}

describeEachDialect(
  'the admin user page',
  (h) => {
    // ---- e-mail through update-user

    it('update-user changes the e-mail, lower-cased and unverified, sends no mail and is audited', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      await h().auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
      const email = uniqueEmail('moved');

      const response = await admin.client.post('/admin/update-user', {
        userId: user.id,
        data: { email: email.toUpperCase(), name: 'Moved' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: user.id, email, emailVerified: false, name: 'Moved' });
      expect(await userRow(h(), user.id)).toMatchObject({ email, emailVerified: false, name: 'Moved' });
      expect(h().mail.to(email)).toEqual([]);
      const [event] = await auditRows(h(), { userId: user.id, type: 'user-updated' });
      expect(event).toMatchObject({ actorUserId: admin.user.id });
      expect(JSON.parse(String(event!.detail))).toEqual({ fields: 'email,name' });
    });

    it('update-user keeps an e-mail verified when the request says so', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      const email = uniqueEmail('trusted');
      const response = await admin.client.post('/admin/update-user', {
        userId: user.id,
        data: { email, emailVerified: true },
      });
      expect(response.status).toBe(200);
      expect(await userRow(h(), user.id)).toMatchObject({ email, emailVerified: true });
    });

    it('update-user refuses an e-mail another user has, and changes nothing', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      const other = await h().signUp();
      await expectError(
        await admin.client.post('/admin/update-user', { userId: user.id, data: { email: other.user.email } }),
        400,
        { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists. Use another email.' },
      );
      expect((await userRow(h(), user.id)).email).toBe(user.email);
    });

    it('update-user refuses an e-mail change to a role without user:set-email, and changes nothing', async () => {
      const support = await signUpWithRole(h(), 'support');
      const { user } = await h().signUp();
      await expectError(
        await support.client.post('/admin/update-user', { userId: user.id, data: { email: uniqueEmail() } }),
        403,
        SET_EMAIL_REFUSED,
      );
      await expectError(
        await support.client.post('/admin/update-user', { userId: user.id, data: { emailVerified: true } }),
        403,
        SET_EMAIL_REFUSED,
      );
      expect(await userRow(h(), user.id)).toMatchObject({ email: user.email, emailVerified: false });
      // The name alone is still theirs to change.
      const renamed = await support.client.post('/admin/update-user', { userId: user.id, data: { name: 'Renamed' } });
      expect(renamed.status).toBe(200);
    });

    it("update-user does not change another admin's e-mail without user:update-admins", async () => {
      const admin = await signUpWithRole(h());
      const other = await signUpWithRole(h());
      await expectError(
        await admin.client.post('/admin/update-user', { userId: other.user.id, data: { email: uniqueEmail() } }),
        403,
        { code: 'YOU_ARE_NOT_ALLOWED_TO_ACT_ON_ADMINS', message: 'You are not allowed to act on admins' },
      );
      expect((await userRow(h(), other.user.id)).email).toBe(other.user.email);
    });

    // ---- linked accounts

    it('list-user-accounts shows the password account, without secrets, to whoever may get users', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      const response = await admin.client.post('/admin/list-user-accounts', { userId: user.id });
      expect(response.status).toBe(200);
      expect(response.body.accounts).toEqual([
        expect.objectContaining({ providerId: 'credential', accountId: user.id, scopes: [] }),
      ]);
      expect(JSON.stringify(response.body)).not.toContain('password');

      const plain = await signUpWithRole(h(), 'user');
      await expectError(await plain.client.post('/admin/list-user-accounts', { userId: user.id }), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
        message: 'You are not allowed to get user',
      });
      await expectError(await admin.client.post('/admin/list-user-accounts', { userId: 'nobody' }), 404, {
        code: 'USER_NOT_FOUND',
        message: 'User not found',
      });
    });

    // ---- passkeys

    it('an admin lists and removes a user’s passkey; the removal is audited with the admin as actor', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      const passkeyId = await addPasskey(h(), user.id);

      const listed = await admin.client.post('/admin/list-user-passkeys', { userId: user.id });
      expect(listed.status).toBe(200);
      expect(listed.body.passkeys).toEqual([
        expect.objectContaining({ id: passkeyId, name: 'Laptop', deviceType: 'multiDevice', backedUp: true }),
      ]);
      expect(listed.body.passkeys[0]).not.toHaveProperty('publicKey');

      const removed = await admin.client.post('/admin/remove-user-passkey', { userId: user.id, passkeyId });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ status: true });
      expect((await admin.client.post('/admin/list-user-passkeys', { userId: user.id })).body.passkeys).toEqual([]);
      const [event] = await auditRows(h(), { userId: user.id, type: 'passkey-removed' });
      expect(event).toMatchObject({ actorUserId: admin.user.id });
    });

    it('passkey routes refuse a role without passkey permissions, and another admin’s passkey without delete-admins', async () => {
      const support = await signUpWithRole(h(), 'support');
      const { user } = await h().signUp();
      const passkeyId = await addPasskey(h(), user.id);
      await expectError(await support.client.post('/admin/list-user-passkeys', { userId: user.id }), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_PASSKEYS',
        message: 'You are not allowed to list users passkeys',
      });
      await expectError(await support.client.post('/admin/remove-user-passkey', { userId: user.id, passkeyId }), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_USERS_PASSKEYS',
        message: 'You are not allowed to remove users passkeys',
      });

      const admin = await signUpWithRole(h());
      const other = await signUpWithRole(h());
      const adminsPasskey = await addPasskey(h(), other.user.id);
      await expectError(
        await admin.client.post('/admin/remove-user-passkey', { userId: other.user.id, passkeyId: adminsPasskey }),
        403,
        {
          code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_THIS_USER_S_PASSKEYS',
          message: "You are not allowed to remove this user's passkeys",
        },
      );
      // A passkey named under another user is not found for this one.
      await expectError(
        await admin.client.post('/admin/remove-user-passkey', { userId: user.id, passkeyId: adminsPasskey }),
        404,
        { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' },
      );
      const left = await h()
        .auth.context.db.selectFrom('passkey' as never)
        .selectAll()
        .execute();
      expect(left).toHaveLength(2);
    });

    // ---- resend verification

    it('send-verification-email mails an unverified user the ordinary link, and refuses a verified one', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp();
      const before = h().mail.to(user.email).length;
      const response = await admin.client.post('/admin/send-verification-email', { userId: user.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
      const mail = await h().mail.waitFor(user.email, { skip: before });
      const link = new URL(mail.links[0]!);
      expect(link.pathname).toMatch(/\/verify-email$/);
      expect(
        (
          await h()
            .client()
            .get(link.pathname.replace(/^\/api\/auth/, '') + link.search)
        ).status,
      ).toBeLessThan(400);
      expect((await userRow(h(), user.id)).emailVerified).toBe(true);

      await expectError(await admin.client.post('/admin/send-verification-email', { userId: user.id }), 400, {
        code: 'EMAIL_ALREADY_VERIFIED',
        message: 'Email is already verified',
      });
      const plain = await signUpWithRole(h(), 'user');
      await expectError(await plain.client.post('/admin/send-verification-email', { userId: user.id }), 403, {
        code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
        message: 'You are not allowed to update users',
      });
    });

    // ---- create-user with an invitation

    it('create-user with an invitation mails a one-time link to choose a password, which verifies the address', async () => {
      const admin = await signUpWithRole(h());
      const email = uniqueEmail('invited');
      const created = await admin.client.post('/admin/create-user', {
        email,
        name: 'Invitee',
        sendInvitation: true,
        redirectTo: '/reset-password',
      });
      expect(created.status).toBe(200);
      const userId: string = created.body.user.id;
      const accounts = await h()
        .auth.context.db.selectFrom('account')
        .selectAll()
        .where('userId', '=', userId)
        .execute();
      expect(accounts).toEqual([]);

      const mail = await h().mail.waitFor(email);
      expect(mail.subject).toMatch(/^You have an account at /);
      expect(mail.text).toContain('for 3 days');
      const link = new URL(mail.links[0]!);
      const landed = await h()
        .client()
        .get(link.pathname.replace(/^\/api\/auth/, '') + link.search);
      const token = new URL(landed.headers.get('location')!, 'http://x').searchParams.get('token');
      expect(token).toEqual(expect.any(String));

      const reset = await h().client().post('/reset-password', { token, newPassword: PASSWORD });
      expect(reset.status).toBe(200);
      expect((await userRow(h(), userId)).emailVerified).toBe(true);
      expect((await h().client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      // Once only.
      await expectError(await h().client().post('/reset-password', { token, newPassword: 'another long one' }), 400, {
        code: 'INVALID_TOKEN',
        message: 'invalid token',
      });
      const [event] = await auditRows(h(), { userId, type: 'user-created' });
      expect(event).toMatchObject({ actorUserId: admin.user.id, method: 'invitation' });
      expect(await auditRows(h(), { userId, type: 'mail-sent' })).toEqual([
        expect.objectContaining({ method: 'account-invitation' }),
      ]);
    });

    it('an invitation link expires after three days', async () => {
      const admin = await signUpWithRole(h());
      const email = uniqueEmail('late');
      await admin.client.post('/admin/create-user', {
        email,
        name: 'Late',
        sendInvitation: true,
        redirectTo: '/reset-password',
      });
      const link = new URL((await h().mail.waitFor(email)).links[0]!);
      const token = link.pathname.split('/').pop();
      h().clock.advance(3 * 24 * 3600 + 1);
      await expectError(await h().client().post('/reset-password', { token, newPassword: PASSWORD }), 400, {
        code: 'INVALID_TOKEN',
        message: 'invalid token',
      });
    });

    it('create-user refuses a password together with an invitation, and creates nobody', async () => {
      const admin = await signUpWithRole(h());
      const email = uniqueEmail('both');
      const response = await admin.client.post('/admin/create-user', {
        email,
        name: 'Both',
        password: PASSWORD,
        sendInvitation: true,
        redirectTo: '/reset-password',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });
  },
  {
    plugins: [
      adminPlugin({ roles: ROLES }),
      passkeyPlugin({
        mayManageUserPasskeys: (caller, action) => allows(caller, { passkey: [action] }),
        mayRemovePasskeysOf: (caller, target) => reaches(caller, target, ['passkey', 'delete']),
      }),
      auditPlugin(),
    ],
  },
);
