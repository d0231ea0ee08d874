/**
 * The audit log's rows on every database: each security event a request causes is written, with
 * its outcome, method, actor, target, address and user agent, and no secret of the request.
 */
import { expect, it } from 'vitest';
import { DEFAULTS } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { PASSWORD, setRole, signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { auditPlugins, auditRows } from './support/audit-fixtures';

const AGENT = { 'user-agent': 'AuditTest/1.0' };

async function verifyEmail(h: Harness, userId: string): Promise<void> {
  await h.auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
}

describeEachDialect(
  'the audit log records security events',
  (h) => {
    it('records a sign-in with its method, address and user agent, and a failed one with its code', async () => {
      const { user } = await h().signUp(uniqueEmail('signer'), PASSWORD);
      const ok = await h()
        .client('198.51.100.7')
        .post('/sign-in/email', { email: user.email, password: PASSWORD }, { headers: AGENT });
      expect(ok.status).toBe(200);
      h().clock.advance(1);
      const bad = await h()
        .client('198.51.100.8')
        .post('/sign-in/email', { email: user.email, password: 'wrong password!' }, { headers: AGENT });
      expect(bad.status).toBe(401);

      const rows = await auditRows(h(), { userId: user.id, type: 'sign-in' });
      expect(rows).toEqual([
        expect.objectContaining({
          outcome: 'success',
          method: 'email',
          actorUserId: user.id,
          ipAddress: '198.51.100.7',
          userAgent: 'AuditTest/1.0',
        }),
        expect.objectContaining({
          outcome: 'failure',
          method: 'email',
          ipAddress: '198.51.100.8',
          detail: JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD' }),
        }),
      ]);
    });

    it('records a failed sign-in of an unknown account without naming any user', async () => {
      const email = uniqueEmail('nobody');
      await h().client().post('/sign-in/email', { email, password: PASSWORD });
      const rows = (await auditRows(h(), { type: 'sign-in' })).filter((row) => row.userId === null);
      expect(rows.some((row) => row.outcome === 'failure' && row.detail?.includes('INVALID_EMAIL_OR_PASSWORD'))).toBe(
        true,
      );
    });

    it('records a banned user’s refused sign-in with BANNED_USER, and the ban and unban with their admin', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp(uniqueEmail('banned'), PASSWORD);
      h().clock.advance(1);
      expect((await admin.client.post('/admin/ban-user', { userId: user.id, banReason: 'spam' })).status).toBe(200);
      h().clock.advance(1);
      expect((await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(403);
      h().clock.advance(1);
      expect((await admin.client.post('/admin/unban-user', { userId: user.id })).status).toBe(200);

      const rows = await auditRows(h(), { userId: user.id });
      expect(rows.map((row) => [row.type, row.outcome])).toEqual([
        ['sign-up', 'success'],
        ['user-banned', 'success'],
        ['sign-in', 'failure'],
        ['user-unbanned', 'success'],
      ]);
      expect(rows[1]).toMatchObject({
        actorUserId: admin.user.id,
        detail: JSON.stringify({ reason: 'spam', expiresAt: null }),
      });
      expect(JSON.parse(rows[2]!.detail!)).toEqual({ code: 'BANNED_USER' });
      expect(rows[3]).toMatchObject({ actorUserId: admin.user.id });
    });

    it('records sign-up, sign-out and a password change of the user', async () => {
      const { client, user } = await h().signUp(uniqueEmail('changer'), PASSWORD);
      h().clock.advance(1);
      const changed = await client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'another horse battery',
      });
      expect(changed.status).toBe(200);
      h().clock.advance(1);
      expect((await client.post('/sign-out')).status).toBe(200);

      const rows = await auditRows(h(), { userId: user.id });
      expect(rows.map((row) => row.type)).toEqual(['sign-up', 'password-changed', 'sign-out']);
      expect(rows[0]).toMatchObject({ method: 'email', outcome: 'success', actorUserId: user.id });
      expect(rows[1]).toMatchObject({ outcome: 'success', actorUserId: user.id });
    });

    it('records a sign-up refused for a taken address as a failed sign-up of that account', async () => {
      const { user } = await h().signUp(uniqueEmail('taken'), PASSWORD);
      h().clock.advance(1);
      const again = await h()
        .client()
        .post('/sign-up/email', { email: user.email, password: PASSWORD, name: 'Again' }, { headers: AGENT });
      expect(again.status).toBe(422);
      const rows = await auditRows(h(), { userId: user.id });
      expect(rows.map((row) => [row.type, row.outcome])).toEqual([
        ['sign-up', 'success'],
        ['sign-up', 'failure'],
      ]);
      expect(rows[1]).toMatchObject({ method: 'email', actorUserId: null, userAgent: 'AuditTest/1.0' });
      expect(JSON.parse(rows[1]!.detail!)).toEqual({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    });

    it('records the creation and the deletion of an organization by its owner', async () => {
      const owner = await h().signUp(uniqueEmail('founder'), PASSWORD);
      const slug = uniqueEmail('doomed').split('@')[0]!;
      const created = await owner.client.post('/organization/create', { name: 'Doomed', slug });
      expect(created.status).toBe(200);
      h().clock.advance(1);
      const deleted = await owner.client.post('/organization/delete', { organizationId: created.body.id });
      expect(deleted.status).toBe(200);
      const rows = (await auditRows(h())).filter((row) => row.organizationId === created.body.id);
      expect(rows.map((row) => [row.type, row.actorUserId, row.userId, JSON.parse(row.detail!)])).toEqual([
        ['organization-created', owner.user.id, owner.user.id, { slug }],
        ['organization-deleted', owner.user.id, owner.user.id, { slug }],
      ]);
    });

    it('records a role change and an impersonation with the admin as actor and the user as target', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp(uniqueEmail('target'), PASSWORD);
      h().clock.advance(1);
      expect((await admin.client.post('/admin/set-role', { userId: user.id, role: 'admin' })).status).toBe(200);
      await setRole(h(), user.id, 'user');
      h().clock.advance(1);
      expect((await admin.client.post('/admin/impersonate-user', { userId: user.id })).status).toBe(200);
      h().clock.advance(1);
      expect((await admin.client.post('/admin/stop-impersonating')).status).toBe(200);

      const rows = await auditRows(h(), { userId: user.id });
      expect(rows.map((row) => [row.type, row.actorUserId])).toEqual([
        ['sign-up', user.id],
        ['role-changed', admin.user.id],
        ['impersonation-started', admin.user.id],
        ['impersonation-stopped', admin.user.id],
      ]);
      expect(JSON.parse(rows[1]!.detail!)).toEqual({ role: 'admin' });
    });

    it('records an accepted invitation, the member it adds, and a change of the member’s role', async () => {
      const owner = await h().signUp(uniqueEmail('owner'), PASSWORD);
      const created = await owner.client.post('/organization/create', {
        name: 'Acme',
        slug: uniqueEmail('acme').split('@')[0],
      });
      expect(created.status).toBe(200);
      const organizationId: string = created.body.id;
      const invitee = await h().signUp(uniqueEmail('invitee'), PASSWORD);
      await verifyEmail(h(), invitee.user.id);
      const invitation = await owner.client.post('/organization/invite-member', {
        email: invitee.user.email,
        role: 'member',
        organizationId,
      });
      expect(invitation.status).toBe(200);
      const accepted = await invitee.client.post('/organization/accept-invitation', {
        invitationId: invitation.body.id,
      });
      expect(accepted.status).toBe(200);
      const updated = await owner.client.post('/organization/update-member-role', {
        memberId: accepted.body.member.id,
        role: 'admin',
        organizationId,
      });
      expect(updated.status).toBe(200);

      const rows = (await auditRows(h())).filter((row) => row.organizationId === organizationId);
      expect(rows.map((row) => [row.type, row.actorUserId, row.userId])).toEqual(
        expect.arrayContaining([
          ['invitation-created', owner.user.id, null],
          ['invitation-accepted', invitee.user.id, invitee.user.id],
          ['member-added', invitee.user.id, invitee.user.id],
          ['member-role-changed', owner.user.id, invitee.user.id],
        ]),
      );
      const roleChange = rows.find((row) => row.type === 'member-role-changed');
      expect(JSON.parse(roleChange!.detail!)).toEqual({ role: 'admin', previousRole: 'member' });
      expect(rows.find((row) => row.type === 'member-added')?.method).toBe('invitation');
    });

    it('records the lockout where the failures lock the account, once', async () => {
      const { user } = await h().signUp(uniqueEmail('locked'), PASSWORD);
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await h().client().post('/sign-in/email', { email: user.email, password: 'wrong password!' });
      }
      const locks = await auditRows(h(), { userId: user.id, type: 'sign-in-locked' });
      expect(locks).toEqual([
        expect.objectContaining({
          outcome: 'failure',
          method: 'email',
          detail: JSON.stringify({ lockedSeconds: DEFAULTS.accountLockoutBaseSeconds }),
        }),
      ]);
      // Refused while locked: a failed sign-in with the lock's code, and no second lockout.
      await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      // The identifier's lock refuses before the account is looked up, so that row names no user.
      const codes = (await auditRows(h(), { type: 'sign-in' })).map((row) => row.detail);
      expect(codes).toContain(JSON.stringify({ code: 'TOO_MANY_REQUESTS' }));
      expect(await auditRows(h(), { userId: user.id, type: 'sign-in-locked' })).toHaveLength(1);
    });

    it('keeps no password, token or hash in any row', async () => {
      const secretPassword = 'a very secret password 123';
      const { client, token, user } = await h().signUp(uniqueEmail('secretive'), secretPassword);
      const signIn = await h().client().post('/sign-in/email', { email: user.email, password: secretPassword });
      await h().client().post('/sign-in/email', { email: user.email, password: 'a wrong secret password' });
      await client.post('/change-password', { currentPassword: secretPassword, newPassword: 'the next secret 456' });
      await client.post('/revoke-session', { token: signIn.body.token });

      const stored = JSON.stringify(await auditRows(h()));
      const account = await h()
        .auth.context.db.selectFrom('account')
        .select('password')
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      const session = await h()
        .auth.context.db.selectFrom('session')
        .select('token')
        .where('userId', '=', user.id)
        .executeTakeFirst();
      for (const secret of [
        secretPassword,
        'a wrong secret password',
        'the next secret 456',
        token,
        signIn.body.token,
        account.password,
        session?.token,
      ]) {
        if (secret) expect(stored).not.toContain(secret);
      }
      expect(stored).not.toMatch(/argon2|password"|token"/i);
    });
  },
  { plugins: auditPlugins() },
);
