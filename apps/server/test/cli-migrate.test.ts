/**
 * `latchkey migrate [--dry-run]` run as the real command on each dialect: the dry run prints the
 * SQL for that dialect and leaves the database without a table; migrate then applies it, and a
 * second dry run finds nothing to do. On SQLite the printed SQL, run by hand on an empty file,
 * makes the same tables and indexes as migrate: what is printed is what runs.
 */
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { listTables } from './support/database-tables';
import { runLatchkey } from './support/latchkey-command';

const CREATE_USER_TABLE = {
  sqlite: 'create table "user" (',
  postgres: 'create table "user" (',
  mysql: 'create table `user` (',
};

describeEach('latchkey migrate', inject('dialects'), (dialect) => {
  let database: TestDatabase;
  let cwd: string;
  let dryRunSql = '';

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-cli-migrate-'));
  });

  afterAll(async () => {
    await database.drop();
    rmSync(cwd, { recursive: true, force: true });
  });

  const latchkey = (args: string[]) => runLatchkey(args, cwd, { DATABASE_URL: database.url });

  it('--dry-run prints the SQL of every migration for the dialect and creates no table', async () => {
    const run = await latchkey(['migrate', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`pending migration(s) for ${dialect}; nothing was applied`);
    expect(run.stdout).toContain('-- 0001-core\n');
    expect(run.stdout).toContain(CREATE_USER_TABLE[dialect]);
    expect(run.stdout).toContain('-- 0300-organization\n');
    expect(await listTables(dialect, database.url)).toEqual([]);
    dryRunSql = run.stdout;
  });

  it('applies the migrations, says which, and a dry run afterwards has nothing to print', async () => {
    const run = await latchkey(['migrate']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Applied \d+ migrations: 0001-core, /);
    const tables = await listTables(dialect, database.url);
    expect(tables).toEqual(
      expect.arrayContaining(['user', 'session', 'account', 'organization', 'latchkey_migration']),
    );

    const again = await latchkey(['migrate', '--dry-run']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('-- The database is up to date: no migration to apply.\n');
    expect((await latchkey(['migrate'])).stdout).toBe('The database is up to date: no migration to apply\n');
  });

  if (dialect === 'sqlite')
    it('the printed SQL, run on an empty file, makes the schema migrate made', () => {
      const schemaOf = (db: SQLite.Database) =>
        (
          db
            .prepare(
              "select type, name from sqlite_master where name not like 'latchkey_migration%' and name not like 'sqlite_%'",
            )
            .all() as Array<{ type: string; name: string }>
        )
          .map((row) => `${row.type} ${row.name}`)
          .sort();
      const byHand = new SQLite(join(cwd, 'by-hand.db'));
      const migrated = new SQLite(database.url, { readonly: true });
      try {
        byHand.exec(dryRunSql);
        expect(schemaOf(byHand)).toEqual(schemaOf(migrated));
        expect(schemaOf(byHand)).toContain('table user_search');
      } finally {
        byHand.close();
        migrated.close();
      }
    });
});
