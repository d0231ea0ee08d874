/**
 * list-users' search index (admin migrations 0201 and 0202): present after migrate, used by the
 * search query, kept in step with every change of a user's e-mail or name, and never changing an
 * answer: each search lists the same users and total as a plain LIKE scan of the table.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { searchCondition, USER_SEARCH_TABLE, type SearchOperator } from '../user-search';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { signInWithRole } from './support/admin-fixtures';

const BASE = Date.UTC(2025, 0, 1);

/** Names and addresses that trip case folding, FTS5 syntax (`"`, `*`, `:`), LIKE wildcards and the 3-character trigram. */
const PEOPLE: Array<[string, string]> = [
  ['Émile Zola', 'emile.zola@example.com'],
  ['ÉMILE BIS', 'bis@example.com'],
  ['émile ter', 'ter@example.com'],
  ['Ωmega Ωne', 'omega@example.com'],
  ['The "Quoted" One', 'quoted@example.com'],
  ['star*struck: yes', 'star@example.com'],
  ['Discount 50% off', 'discount@example.com'],
  ['under_score', 'under_score@example.com'],
  ['underXscore', 'underxscore@example.com'],
  ['Ab', 'ab@example.org'],
  ...Array.from({ length: 200 }, (_, i): [string, string] => [`Person ${i}`, `person-${i}@example.net`]),
];

const SEARCHES: Array<{ field: 'email' | 'name'; value: string; operator: SearchOperator }> = [
  ...[
    'emi',
    'ÉMI',
    'émile',
    'MILE Z',
    'Ωmeg',
    '"quoted"',
    'ted" o',
    'star*',
    'k: y',
    '50%',
    'r_s',
    'rxs',
    'ab',
    'a',
    'person 1',
    'nobody',
  ].map((value) => ({ field: 'name' as const, value, operator: 'contains' as const })),
  ...['son-1', 'PERSON-19', '@example.org', 'e_s', 'le.z', 'xx', '%', 'person-199@example.net'].map((value) => ({
    field: 'email' as const,
    value,
    operator: 'contains' as const,
  })),
  { field: 'name', value: 'émi', operator: 'starts_with' },
  { field: 'name', value: 'son 19', operator: 'ends_with' },
  { field: 'email', value: 'person-1', operator: 'starts_with' },
  { field: 'email', value: '9@example.net', operator: 'ends_with' },
];

/** The reference: the LIKE alone, written here independently of the query under test. */
async function likeScan(db: Kysely<any>, search: (typeof SEARCHES)[number]): Promise<string[]> {
  const escaped = search.value.toLowerCase().replace(/[!%_]/g, '!$&');
  const pattern =
    search.operator === 'starts_with'
      ? `${escaped}%`
      : search.operator === 'ends_with'
        ? `%${escaped}`
        : `%${escaped}%`;
  const column = search.field === 'name' ? sql`lower(${sql.ref('name')})` : sql.ref('email');
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where(sql<boolean>`${column} like ${pattern} escape '!'`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

async function searchIds(admin: TestClient, field: string, value: string, operator = 'contains') {
  const query = new URLSearchParams({
    searchField: field,
    searchValue: value,
    searchOperator: operator,
    limit: '1000',
  });
  const response = await admin.get(`/admin/list-users?${query}`);
  expect(response.status).toBe(200);
  const ids = response.body.users.map((u: { id: string }) => u.id) as string[];
  expect(response.body.total).toBe(ids.length);
  return ids;
}

async function indexNames(h: Harness): Promise<string[]> {
  const { db } = h.auth.context;
  const query =
    h.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where tbl_name in ('user', ${USER_SEARCH_TABLE})`
      : h.dialect === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'user'`
        : sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
            where table_schema = database() and table_name = 'user'`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

/** The plan of the count query for a `contains` e-mail search, one line of text. */
async function searchPlan(h: Harness): Promise<string> {
  const { db } = h.auth.context;
  const count = db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(searchCondition(h.dialect, 'email', 'son-1', 'contains'))
    .compile();
  return db.connection().execute(async (c) => {
    if (h.dialect === 'sqlite') {
      const plan = await c.executeQuery<{ detail: string }>({ ...count, sql: `explain query plan ${count.sql}` });
      return plan.rows.map((r) => r.detail).join(' | ');
    }
    // A small table is cheaper to read whole, or through a B-tree: the planner picks the trigram
    // index only at a size where it pays, so the table grows for the plan (and back), and no scan.
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select 'filler-' || i, 'Filler ' || i, 'filler-' || i || '@filler.test', false, now(), now()
      from generate_series(1, 20000) as i`.execute(c);
    try {
      // VACUUM also moves the new rows out of the GIN index's pending list, as autovacuum would.
      await sql`vacuum analyze "user"`.execute(c);
      await sql`set enable_seqscan = off`.execute(c);
      const plan = await c.executeQuery<{ 'QUERY PLAN': string }>({ ...count, sql: `explain ${count.sql}` });
      return plan.rows.map((r) => r['QUERY PLAN']).join(' | ');
    } finally {
      await sql`reset enable_seqscan`.execute(c);
      await sql`delete from "user" where id like 'filler-%'`.execute(c);
    }
  });
}

describeEachDialect(
  'admin list-users search index',
  (h) => {
    let admin: TestClient;

    beforeAll(async () => {
      const rows = PEOPLE.map(([name, email], i) => {
        const createdAt = new Date(BASE + i * 60_000);
        return {
          id: `p-${String(i).padStart(3, '0')}`,
          name,
          email,
          emailVerified: false,
          createdAt,
          updatedAt: createdAt,
        };
      });
      for (let start = 0; start < rows.length; start += 50) {
        await h()
          .auth.context.db.insertInto('user')
          .values(rows.slice(start, start + 50))
          .execute();
      }
      admin = (await signInWithRole(h(), 'admin', 'admin@search.test')).client;
    });

    it('creates the sort indexes and, on SQLite and PostgreSQL, the trigram index that the search query uses', async () => {
      const names = await indexNames(h());
      expect(names).toContain('user_createdAt_id_idx');
      expect(names).not.toContain('user_createdAt_idx');
      if (h().dialect === 'mysql') return;
      expect(names).toContain('user_name_id_idx');
      if (h().dialect === 'sqlite') {
        expect(names).toEqual(
          expect.arrayContaining([USER_SEARCH_TABLE, 'user_search_insert', 'user_search_update', 'user_search_delete']),
        );
        expect(await searchPlan(h())).toMatch(new RegExp(`SCAN ${USER_SEARCH_TABLE} VIRTUAL TABLE INDEX`));
      } else {
        expect(names).toEqual(expect.arrayContaining(['user_email_trgm_idx', 'user_name_trgm_idx']));
        expect(await searchPlan(h())).toContain('Bitmap Index Scan on user_email_trgm_idx');
      }
    });

    it('answers every search with the users and total of a plain LIKE scan', async () => {
      for (const search of SEARCHES) {
        const expected = await likeScan(h().auth.context.db, search);
        const answered = await searchIds(admin, search.field, search.value, search.operator);
        expect(answered, JSON.stringify(search)).toEqual(expected);
      }
      // The cases above do find something: not a vacuous match of two empty lists.
      expect(await searchIds(admin, 'name', 'émile')).toHaveLength(h().dialect === 'sqlite' ? 1 : 3);
      expect(await searchIds(admin, 'email', 'son-19')).toHaveLength(11);
      expect(await searchIds(admin, 'name', '"quoted"')).toEqual(['p-004']);
    });

    it('keeps the search index in step with a new user, a changed e-mail, a changed name and a deletion', async () => {
      const { db } = h().auth.context;
      /** On SQLite the FTS5 table itself, not the LIKE that re-checks its rows. */
      const indexed = async (field: 'email' | 'name', value: string) => {
        if (h().dialect !== 'sqlite') return undefined;
        const phrase = `"${value}"`;
        const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table(USER_SEARCH_TABLE)}
          where ${sql.ref(`${USER_SEARCH_TABLE}.${field}`)} match ${phrase}`.execute(db);
        return rows.rows[0]?.n;
      };
      const expectFound = async (field: 'email' | 'name', value: string, count: number) => {
        expect(await searchIds(admin, field, value), `${field} ${value}`).toHaveLength(count);
        if (h().dialect === 'sqlite') expect(await indexed(field, value), `indexed ${field} ${value}`).toBe(count);
      };
      const now = new Date();
      await db
        .insertInto('user')
        .values({
          id: 'sync-1',
          name: 'Quokka Keeper',
          email: 'wallaby@zoo.test',
          emailVerified: false,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await expectFound('email', 'wallaby', 1);
      await expectFound('name', 'quokka', 1);

      await db.updateTable('user').set({ email: 'kangaroo@zoo.test' }).where('id', '=', 'sync-1').execute();
      await expectFound('email', 'wallaby', 0);
      await expectFound('email', 'kangaroo', 1);
      await expectFound('name', 'quokka', 1);

      await db.updateTable('user').set({ name: 'Platypus Keeper' }).where('id', '=', 'sync-1').execute();
      await expectFound('name', 'quokka', 0);
      await expectFound('name', 'platypus', 1);
      await expectFound('email', 'kangaroo', 1);

      await db.deleteFrom('user').where('id', '=', 'sync-1').execute();
      await expectFound('name', 'platypus', 0);
      await expectFound('email', 'kangaroo', 0);
    });
  },
  { plugins: [adminPlugin()] },
);
