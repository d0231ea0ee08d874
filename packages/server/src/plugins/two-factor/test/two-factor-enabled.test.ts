/**
 * `user.twoFactorEnabled` on every database, as better-auth's clients read it: `false`, never
 * null, for a user who never turned two-factor on — in sign-up, sign-in and get-session answers
 * and in the admin plugin's user list and user — and what upgrading a database does to existing
 * rows (migrations 0602 and 0603): NULL reads as false, and only users without an app keep mailed
 * codes as their second factor.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { adminPlugin, createAuth, twoFactorPlugin } from '../../..';
import { authInternalsForTests } from '../../../testing';
import { signInWithRole } from '../../admin/test/support/admin-fixtures';
import { BASE_URL, describeEachDialect, SECRET, uniqueEmail } from '../../../../test/support/harness';
import { createTestDatabase } from '../../../../test/support/test-database';
import { PASSWORD, userWithTwoFactor } from './support';

describeEachDialect(
  'twoFactorEnabled false, never null',
  (h) => {
    it('answers false to a user who never turned it on, wherever the user is answered', async () => {
      const email = uniqueEmail('2fa-off');
      const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Off' });
      expect(signUp.body.user.twoFactorEnabled).toBe(false);
      const client = h().client();
      const signIn = await client.post('/sign-in/email', { email, password: PASSWORD });
      expect(signIn.body.user.twoFactorEnabled).toBe(false);
      expect((await client.get('/get-session')).body.user.twoFactorEnabled).toBe(false);
      const row = await h()
        .auth.context.db.selectFrom('user')
        .select(sql.ref('twoFactorEnabled').as('twoFactorEnabled'))
        .where('id', '=', signIn.body.user.id)
        .executeTakeFirstOrThrow();
      expect(row.twoFactorEnabled).toBe(false);

      const admin = await signInWithRole(h());
      const listed = await admin.client.get(`/admin/list-users?searchValue=${encodeURIComponent(email)}`);
      expect(listed.body.users.map((user: { twoFactorEnabled: unknown }) => user.twoFactorEnabled)).toEqual([false]);
      const got = await admin.client.get(`/admin/get-user?id=${signIn.body.user.id}`);
      expect(got.body.twoFactorEnabled).toBe(false);

      // And after turning it on and off again.
      const on = await userWithTwoFactor(h());
      expect((await on.client.post('/two-factor/disable', { password: PASSWORD })).status).toBe(200);
      expect((await on.client.get('/get-session')).body.user.twoFactorEnabled).toBe(false);
    });
  },
  { plugins: [adminPlugin(), twoFactorPlugin()] },
);

const SILENT = { info() {}, warn() {}, error() {} };

describe('upgrading to twoFactorEnabled NOT NULL and mailed-code choices', () => {
  for (const dialect of inject('dialects')) {
    it(`[${dialect}] reads NULL as false, and keeps mailed codes only for users without an app`, async () => {
      const database = await createTestDatabase(dialect);
      const options = { baseURL: BASE_URL, secret: SECRET, database: { url: database.url }, logger: SILENT };
      try {
        const current = twoFactorPlugin();
        // The plugin as it was before migrations 0602 and 0603.
        const previous = { ...current, migrations: current.migrations!.slice(0, 2) };
        const old = createAuth({ ...options, plugins: [previous], prune: { enabled: false } });
        await old.migrate();
        const db = authInternalsForTests(old).db as unknown as Kysely<Record<string, Record<string, unknown>>>;
        const now = new Date();
        const users = { never: 'u-never', mailOnly: 'u-mail-only', app: 'u-app', abandoned: 'u-abandoned' };
        for (const [name, id] of Object.entries(users)) {
          const enabled = name === 'never' ? null : true;
          await db
            .insertInto('user')
            .values({
              id,
              name,
              email: `${id}@example.com`,
              emailVerified: true,
              image: null,
              createdAt: now,
              updatedAt: now,
            })
            .execute();
          if (enabled !== null)
            await sql`update ${sql.table('user')} set ${sql.ref('twoFactorEnabled')} = ${sql.lit(true)} where ${sql.ref('id')} = ${id}`.execute(
              db,
            );
        }
        // An app confirmed, and an app enable abandoned by a user on mailed codes.
        for (const [userId, verified] of [
          [users.app, true],
          [users.abandoned, false],
        ] as const) {
          await db
            .insertInto('twoFactor')
            .values({ id: `tf-${userId}`, userId, secret: 'v1:x', backupCodes: '[]', verified, lastTotpStep: null })
            .execute();
        }
        await old.close();

        const upgraded = createAuth({ ...options, plugins: [current], prune: { enabled: false } });
        try {
          await upgraded.migrate();
          const after = authInternalsForTests(upgraded).db as unknown as Kysely<
            Record<string, Record<string, unknown>>
          >;
          const rows = await after.selectFrom('user').select(['id', 'twoFactorEnabled']).orderBy('id').execute();
          const enabled = Object.fromEntries(rows.map((row) => [row.id, Boolean(row.twoFactorEnabled)]));
          expect(rows.every((row) => row.twoFactorEnabled !== null)).toBe(true);
          expect(enabled).toEqual({
            [users.abandoned]: true,
            [users.app]: true,
            [users.mailOnly]: true,
            [users.never]: false,
          });
          const chosen = await after.selectFrom('twoFactorMailedCode').select('userId').orderBy('userId').execute();
          expect(chosen.map((row) => row.userId)).toEqual([users.abandoned, users.mailOnly]);

          // A row written without the column (the engine's sign-up) gets the default.
          await after
            .insertInto('user')
            .values({
              id: 'u-new',
              name: 'New',
              email: 'u-new@example.com',
              emailVerified: false,
              image: null,
              createdAt: now,
              updatedAt: now,
            })
            .execute();
          const created = await after
            .selectFrom('user')
            .select('twoFactorEnabled')
            .where('id', '=', 'u-new')
            .executeTakeFirstOrThrow();
          expect(Boolean(created.twoFactorEnabled)).toBe(false);
          expect(created.twoFactorEnabled).not.toBeNull();
        } finally {
          await upgraded.close();
        }
      } finally {
        await database.drop();
      }
    });
  }
});
