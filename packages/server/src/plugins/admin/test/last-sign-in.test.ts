/**
 * The admin plugin's last sign-in on every database: written at each sign-in and at a sign-up that
 * opens a session, never by an impersonation, kept through a ban, gone with the user; answered by
 * list-users (sortable, never-signed-in as the oldest; filtered by date or `null`), get-user and
 * the CSV export.
 */
import { expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness, type TestClient } from '../../../../test/support/harness';
import { columnTypes } from '../../../db/column-types';
import { readLastSignIn, recordLastSignIn } from '../last-sign-in';
import { lastSignInMigration } from '../migrations/0203-last-sign-in';
import { adminSchema } from '../schema';
import { PASSWORD, signInWithRole } from './support/admin-fixtures';

const INVALID_QUERY = { code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };

async function lastSignInRow(h: Harness, userId: string): Promise<Date | null> {
  await h.auth.context.background.drain();
  return readLastSignIn(h.auth.context, userId);
}

function list(client: TestClient, params: Record<string, string> = {}) {
  return client.get(`/admin/list-users?${new URLSearchParams(params)}`);
}

const idsOf = (body: { users: { id: string }[] }) => body.users.map((user) => user.id);

describeEachDialect(
  'admin last sign-in',
  (h, dialect) => {
    it('records the sign-up that opens a session and each later sign-in, and answers it in get-user', async () => {
      const { client: admin } = await signInWithRole(h());
      const signedUpAt = h().clock.now();
      const { user } = await h().signUp();
      expect(await lastSignInRow(h(), user.id)).toEqual(signedUpAt);

      h().clock.advance(3600);
      const signedInAt = h().clock.now();
      const signIn = await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      expect(await lastSignInRow(h(), user.id)).toEqual(signedInAt);

      const answer = await admin.get(`/admin/get-user?id=${user.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.lastSignInAt).toBe(signedInAt.toISOString());
      const listed = await list(admin, { searchValue: user.email, searchField: 'email' });
      expect(listed.body.users).toEqual([
        expect.objectContaining({ id: user.id, lastSignInAt: signedInAt.toISOString() }),
      ]);
    });

    it('a write that lands late never moves the time back', async () => {
      const { user } = await h().signUp();
      const at = await lastSignInRow(h(), user.id);
      await recordLastSignIn(h().auth.context, user.id, new Date(at!.getTime() - 60_000));
      expect(await lastSignInRow(h(), user.id)).toEqual(at);
      const later = new Date(at!.getTime() + 60_000);
      await recordLastSignIn(h().auth.context, user.id, later);
      expect(await lastSignInRow(h(), user.id)).toEqual(later);
    });

    it('a failed sign-in changes nothing', async () => {
      const { user } = await h().signUp();
      const before = await lastSignInRow(h(), user.id);
      h().clock.advance(60);
      const refused = await h().client().post('/sign-in/email', { email: user.email, password: 'wrong password!' });
      expect(refused.status).toBe(401);
      expect(await lastSignInRow(h(), user.id)).toEqual(before);
    });

    it("an impersonation is not the user's sign-in: the time stays the user's own", async () => {
      const { client: admin } = await signInWithRole(h());
      const { user } = await h().signUp();
      const own = await lastSignInRow(h(), user.id);
      h().clock.advance(600);
      const impersonated = await admin.post('/admin/impersonate-user', { userId: user.id });
      expect(impersonated.status).toBe(200);
      expect(impersonated.body.session.impersonatedBy).toBeTruthy();
      expect(await lastSignInRow(h(), user.id)).toEqual(own);
      expect((await admin.post('/admin/stop-impersonating')).status).toBe(200);
      expect((await admin.get(`/admin/get-user?id=${user.id}`)).body.lastSignInAt).toBe(own!.toISOString());
    });

    it('a ban ends the sessions but keeps the last sign-in; removing the user removes the row', async () => {
      const { client: admin } = await signInWithRole(h());
      const { user } = await h().signUp();
      const at = await lastSignInRow(h(), user.id);
      expect(at).not.toBeNull();
      h().clock.advance(60);
      expect((await admin.post('/admin/ban-user', { userId: user.id })).status).toBe(200);
      const sessions = await h()
        .auth.context.db.selectFrom('session')
        .select('id')
        .where('userId', '=', user.id)
        .execute();
      expect(sessions).toEqual([]);
      expect((await admin.get(`/admin/get-user?id=${user.id}`)).body).toMatchObject({
        banned: true,
        lastSignInAt: at!.toISOString(),
      });

      expect((await admin.post('/admin/remove-user', { userId: user.id })).status).toBe(200);
      expect(await lastSignInRow(h(), user.id)).toBeNull();
    });

    it('sorts by lastSignInAt (never signed in as the oldest) and filters by date and by null', async () => {
      const { client: admin } = await signInWithRole(h(), 'admin', uniqueEmail('sorter'));
      // Three users of this test alone, found by their addresses' common part.
      const tag = `ls${Math.random().toString(36).slice(2, 8)}`;
      const earlyAt = h().clock.now();
      const early = await h().signUp(uniqueEmail(`${tag}-early`));
      h().clock.advance(3600);
      const late = await h().signUp(uniqueEmail(`${tag}-late`));
      const cutoff = h().clock.now();
      const never = await h().signUp(uniqueEmail(`${tag}-never`));
      await h().auth.context.background.drain();
      await adminSchema
        .db(h().auth.context)
        .deleteFrom('adminLastSignIn')
        .where('userId', '=', never.user.id)
        .execute();
      const mine = { searchValue: tag, searchField: 'email' };

      const ascending = await list(admin, { ...mine, sortBy: 'lastSignInAt', sortDirection: 'asc' });
      expect(ascending.status).toBe(200);
      expect(idsOf(ascending.body)).toEqual([never.user.id, early.user.id, late.user.id]);
      expect(ascending.body.users[0].lastSignInAt).toBeNull();
      const descending = await list(admin, { ...mine, sortBy: 'lastSignInAt', sortDirection: 'desc' });
      expect(idsOf(descending.body)).toEqual([late.user.id, early.user.id, never.user.id]);

      const since = await list(admin, {
        ...mine,
        filterField: 'lastSignInAt',
        filterOperator: 'gte',
        filterValue: cutoff.toISOString(),
      });
      expect(idsOf(since.body)).toEqual([late.user.id]);
      const before = await list(admin, {
        ...mine,
        filterField: 'lastSignInAt',
        filterOperator: 'lt',
        filterValue: cutoff.toISOString(),
      });
      expect(idsOf(before.body)).toEqual([early.user.id]);
      const neverSignedIn = await list(admin, { ...mine, filterField: 'lastSignInAt', filterValue: 'null' });
      expect(neverSignedIn.body).toMatchObject({ total: 1, users: [{ id: never.user.id }] });
      const signedIn = await list(admin, {
        ...mine,
        filterField: 'lastSignInAt',
        filterOperator: 'ne',
        filterValue: 'null',
      });
      expect(idsOf(signedIn.body)).toEqual([early.user.id, late.user.id]);

      // null is "no date": only eq and ne can mean anything with it.
      const bad = await list(admin, { filterField: 'lastSignInAt', filterOperator: 'lt', filterValue: 'null' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject(INVALID_QUERY);
      const notADate = await list(admin, { filterField: 'lastSignInAt', filterValue: 'yesterday' });
      expect(notADate.status).toBe(400);

      const csv = await admin.get(
        `/admin/export-users.csv?${new URLSearchParams({ ...mine, sortBy: 'lastSignInAt', sortDirection: 'desc' })}`,
      );
      expect(csv.status).toBe(200);
      const [header, ...rows] = csv.text.split('\r\n').slice(0, -1);
      expect(header!.split(',').at(-1)).toBe('lastSignInAt');
      expect(rows.map((row) => row.split(',').at(-1))).toEqual([cutoff.toISOString(), earlyAt.toISOString(), '']);
    });

    it('the migration fills the table from the live sessions, leaving impersonations out', async () => {
      const { client: admin } = await signInWithRole(h());
      const signedIn = await h().signUp();
      const sessionStart = h().clock.now();
      h().clock.advance(60);
      const visited = await h().signUp();
      const db = h().auth.context.db;
      // The visited user's own session gone: an admin's impersonation is the one session left.
      await db.deleteFrom('session').where('userId', '=', visited.user.id).execute();
      expect((await admin.post('/admin/impersonate-user', { userId: visited.user.id })).status).toBe(200);
      await h().auth.context.background.drain();
      await db.schema.dropTable('adminLastSignIn').execute();

      await lastSignInMigration.up(db as never, columnTypes(dialect), h().auth.context.logger);
      expect(await lastSignInRow(h(), signedIn.user.id)).toEqual(sessionStart);
      expect(await lastSignInRow(h(), visited.user.id)).toBeNull();
    });

    it('a search still works with the join (the SQLite FTS path names the user rowid)', async () => {
      const { client: admin } = await signInWithRole(h());
      const { user } = await h().signUp(uniqueEmail('searchable-trigram'));
      const found = await list(admin, { searchValue: 'searchable-trigram', searchField: 'email' });
      expect(found.status).toBe(200);
      expect(idsOf(found.body)).toEqual([user.id]);
      expect(found.body.users[0].lastSignInAt).not.toBeNull();
    });
  },
  { plugins: [adminPlugin()] },
);

describeEachDialect(
  'admin last sign-in when a sign-up opens no session',
  (h) => {
    it('records nothing for a sign-up that must verify its address first', async () => {
      const email = uniqueEmail('unverified');
      const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Una' });
      expect(signUp.status).toBe(200);
      expect(signUp.body.token).toBeNull();
      expect(await lastSignInRow(h(), signUp.body.user.id)).toBeNull();
    });
  },
  { plugins: [adminPlugin()], emailAndPassword: { enabled: true, requireEmailVerification: true } },
);
