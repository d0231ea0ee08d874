import { expect, it } from 'vitest';
import { AuthError, adminPlugin, type AuthEvent } from '../../..';
import { adminSchema } from '../schema';
import { API, BASE_URL, describeEachDialect, uniqueEmail } from '../../../../test/support/harness';
import { profilePlugin } from '../../../../test/support/profile-plugin';
import { signUpWithRole } from './support/admin-fixtures';

const LISTED = 'Boss@Example.com';
/** Listed too, for the start-up promotion: they sign up, lose the role, and get it back. */
const LATE_A = 'late-a@example.com';
const LATE_B = 'Late-B@Example.com';
const MULTI = 'multi@example.com';
/** Listed, signed up, never verified. */
const LATE_UNVERIFIED = 'late-unverified@example.com';

/** The mailed verification link as a path relative to /api/auth, for `client.get`. */
function mailedLinkPath(links: string[]): string {
  const link = links.find((l) => l.startsWith(`${BASE_URL}${API}/verify-email?`));
  if (!link) throw new Error(`no verification link in ${links.join(', ')}`);
  return link.slice(`${BASE_URL}${API}`.length);
}

const events: AuthEvent[] = [];
const promotionsOf = (userId: string) =>
  events.filter((event) => event.type === 'role-changed' && event.userId === userId);

describeEachDialect(
  'admins by e-mail',
  (h) => {
    async function roleInDb(id: string): Promise<string> {
      const row = await adminSchema
        .db(h().auth.context)
        .selectFrom('user')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.role;
    }

    async function insertWithRole(email: string, role: string): Promise<string> {
      return (await signUpWithRole(h(), role, email)).user.id as string;
    }

    async function markVerified(...ids: string[]): Promise<void> {
      await h().auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', 'in', ids).execute();
    }

    it('sign-up with a listed, unverified e-mail (any case) stays user; following the verification link makes it admin', async () => {
      const { client, user } = await h().signUp('boss@EXAMPLE.com');
      // Whoever signs up first under the address must not become admin before proving the mailbox.
      expect(user).toMatchObject({ email: 'boss@example.com', emailVerified: false, role: 'user' });
      expect(await roleInDb(user.id)).toBe('user');
      expect(promotionsOf(user.id)).toEqual([]);
      // Restarting the server (its start-up promotion) does not promote the unverified address either.
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
      expect(await roleInDb(user.id)).toBe('user');

      const sent = await client.post('/send-verification-email', { email: 'boss@example.com' });
      expect([sent.status, sent.body]).toEqual([200, { status: true }]);
      const mail = await h().mail.waitFor('boss@example.com');
      h().clock.advance(60);
      const verified = await client.get(mailedLinkPath(mail.links));
      expect([verified.status, verified.body.status]).toEqual([200, true]);

      expect(await roleInDb(user.id)).toBe('admin');
      const row = await h().auth.context.users.findById(user.id);
      expect(row).toMatchObject({ emailVerified: true });
      expect(row!.updatedAt.getTime()).toBe(h().clock.now().getTime());
      // The browser that followed the link sees the role at once, cached or not.
      expect((await client.get('/get-session')).body.user.role).toBe('admin');
      expect((await client.get('/get-session?disableCookieCache=true')).body.user.role).toBe('admin');
      // The audit log says why: the configured e-mails, no one's act.
      expect(promotionsOf(user.id)).toEqual([
        expect.objectContaining({ method: 'admin-emails', actorUserId: null, detail: { role: 'admin' } }),
      ]);
    });

    it('sign-up with any other e-mail answers with role user', async () => {
      const { user } = await h().signUp(uniqueEmail('plain'));
      expect(user.role).toBe('user');
      expect(await roleInDb(user.id)).toBe('user');
    });

    it('promoteAdminEmails promotes existing listed users only, and a second run changes nothing', async () => {
      const other = uniqueEmail('other');
      const a = await insertWithRole(LATE_A.toUpperCase(), 'user');
      const b = await insertWithRole(LATE_B, 'user');
      const c = await insertWithRole(other, 'user');
      const unverified = await insertWithRole(LATE_UNVERIFIED, 'user');
      await markVerified(a, b, c);

      const before = events.length;
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 2 });
      const promotions = events.slice(before);
      expect(await roleInDb(a)).toBe('admin');
      expect(await roleInDb(b)).toBe('admin');
      expect(await roleInDb(c)).toBe('user');
      // Listed but never proved: whoever registered the address may not hold it.
      expect(await roleInDb(unverified)).toBe('user');
      expect(promotions.map((event) => [event.type, event.method, event.userId])).toEqual(
        expect.arrayContaining([
          ['role-changed', 'admin-emails', a],
          ['role-changed', 'admin-emails', b],
        ]),
      );
      expect(promotions).toHaveLength(2);

      const rowsBefore = await h()
        .auth.context.db.selectFrom('user')
        .select(['id', 'updatedAt'])
        .where('id', 'in', [a, b])
        .execute();
      h().clock.advance(60);
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
      const after = await h()
        .auth.context.db.selectFrom('user')
        .select(['id', 'updatedAt'])
        .where('id', 'in', [a, b])
        .execute();
      expect(after).toEqual(rowsBefore);
      expect(events).toHaveLength(before + 2);
    });

    it('promoteAdminEmails keeps the other roles of a user who is already an admin', async () => {
      const id = await insertWithRole(MULTI, 'editor,admin');
      await markVerified(id);
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
      expect(await roleInDb(id)).toBe('editor,admin');
    });

    it('provisionAdmin creates a verified admin who can sign in with that password', async () => {
      const email = uniqueEmail('first');
      const result = await h().auth.api.provisionAdmin!({
        body: { email, password: 'first admin password', name: 'First' },
      });
      expect(result).toMatchObject({
        outcome: 'created',
        user: { email, name: 'First', role: 'admin', emailVerified: true },
      });
      const signIn = await h().client().post('/sign-in/email', { email, password: 'first admin password' });
      expect(signIn.status).toBe(200);
      expect(signIn.body.user.role).toBe('admin');
    });

    it('provisionAdmin promotes an existing user, replaces its password and signs its sessions out', async () => {
      const email = uniqueEmail('existing');
      const { client, user } = await h().signUp(email, 'old password 123');
      const result = await h().auth.api.provisionAdmin!({ body: { email, password: 'new password 456' } });
      expect(result).toMatchObject({
        outcome: 'promoted',
        passwordChanged: true,
        user: { id: user.id, role: 'admin' },
      });
      expect((await client.get('/get-session?disableCookieCache=true')).body).toBeNull();
      expect((await h().client().post('/sign-in/email', { email, password: 'old password 123' })).status).toBe(401);
      expect((await h().client().post('/sign-in/email', { email, password: 'new password 456' })).status).toBe(200);

      const again = await h().auth.api.provisionAdmin!({ body: { email } });
      expect(again).toMatchObject({ outcome: 'already-admin', passwordChanged: false });
    });

    it('provisionAdmin refuses a short password with the engine rule and creates nothing', async () => {
      const email = uniqueEmail('short');
      const error = await h().auth.api.provisionAdmin!({ body: { email, password: 'short' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).entry.code).toBe('PASSWORD_TOO_SHORT');
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
      expect(await h().auth.api.provisionAdmin!({ body: { email } })).toEqual({ outcome: 'password-required' });
    });
  },
  {
    plugins: [
      profilePlugin,
      adminPlugin({ adminEmails: [LISTED, LATE_A, LATE_B, MULTI, LATE_UNVERIFIED, 'nobody@example.com'] }),
    ],
    observers: [{ event: (event: AuthEvent) => void events.push(event) }],
  },
);

describeEachDialect(
  'admins by e-mail, none listed',
  (h) => {
    it('promoteAdminEmails does nothing', async () => {
      await h().signUp(uniqueEmail('plain'));
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
    });
  },
  { plugins: [adminPlugin()] },
);
