import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createAuth } from '../src';
import { BASE_URL, SECRET, describeEachDialect, type Harness } from './support/harness';
import { createTestDatabase } from './support/test-database';
import { CORE_COLUMNS } from './support/core-columns';

async function indexedColumns(h: Harness, table: string): Promise<string[]> {
  const { db } = h.auth.context;
  if (h.dialect === 'sqlite') {
    const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
    const columns: string[] = [];
    for (const { name } of indexes.rows) {
      const info = await sql<{ name: string }>`select name from pragma_index_info(${name})`.execute(db);
      columns.push(...info.rows.map((r) => r.name));
    }
    return columns;
  }
  if (h.dialect === 'postgres') {
    const result = await sql<{ column: string }>`
      select a.attname as "column" from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey)
      where t.relname = ${table}`.execute(db);
    return result.rows.map((r) => r.column);
  }
  const result = await sql<{ column: string }>`
    select column_name as "column" from information_schema.statistics
    where table_schema = database() and table_name = ${table}`.execute(db);
  return result.rows.map((r) => r.column);
}

describeEachDialect('migrations', (h) => {
  it('pendingMigrations names what migrate would run, and nothing once it has run', async () => {
    const database = await createTestDatabase(h().dialect);
    const auth = createAuth({ baseURL: BASE_URL, secret: SECRET, database: { url: database.url } });
    try {
      const pending = await auth.pendingMigrations();
      expect(pending).toContain('0001-core');
      expect(pending).toEqual([...pending].sort());
      // Asking creates nothing: the database is as empty as before.
      expect(await auth.pendingMigrations()).toEqual(pending);
      await auth.migrate();
      expect(await auth.pendingMigrations()).toEqual([]);
    } finally {
      await auth.close();
      await database.drop();
    }
  });

  it('running migrate again changes nothing and fails nothing', async () => {
    await h().auth.migrate();
    await h().auth.migrate();
    const tables = (await h().auth.context.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['user', 'session', 'account', 'verification']));
  });

  it('creates the columns of SPEC §3 with better-auth names', async () => {
    const tables = await h().auth.context.db.introspection.getTables();
    const columns = (name: string) =>
      tables
        .find((t) => t.name === name)
        ?.columns.map((c) => c.name)
        .sort();
    for (const table of ['user', 'session', 'account', 'verification'] as const) {
      expect(columns(table), table).toEqual(CORE_COLUMNS[table]);
    }
  });

  it('indexes user.email, session.token, every foreign key and verification.identifier', async () => {
    expect(await indexedColumns(h(), 'user')).toContain('email');
    expect(await indexedColumns(h(), 'session')).toEqual(expect.arrayContaining(['token', 'userId']));
    expect(await indexedColumns(h(), 'account')).toContain('userId');
    expect(await indexedColumns(h(), 'verification')).toContain('identifier');
  });

  it('deleting a user deletes its sessions and accounts', async () => {
    const { user } = await h().signUp();
    const { db } = h().auth.context;
    expect(await db.selectFrom('session').select('id').where('userId', '=', user.id).execute()).toHaveLength(1);
    await db.deleteFrom('user').where('id', '=', user.id).execute();
    expect(await db.selectFrom('session').select('id').where('userId', '=', user.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('account').select('id').where('userId', '=', user.id).execute()).toHaveLength(0);
  });

  it('refuses a second user with the same e-mail at the database level', async () => {
    const { user } = await h().signUp();
    const { db } = h().auth.context;
    const now = new Date();
    await expect(
      db
        .insertInto('user')
        .values({
          id: 'other-id',
          name: 'x',
          email: user.email,
          emailVerified: false,
          image: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
