/**
 * PostgreSQL, a role that may not create extensions (no CREATE privilege on its database, which
 * pg_trgm as a trusted extension requires): migrating still succeeds, says once in the log that the
 * user search has no index, and the search still answers.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POSTGRES_URL } from '../../../../../../test/services';
import { adminPlugin, createAuth, type Auth } from '../../..';
import { queryUserPage } from '../list-users-query';
import { authInternalsForTests } from '../../../testing';
import { SECRET } from '../../../../test/support/harness';

const name = `lk_noext_${randomBytes(4).toString('hex')}`;

async function asSuperuser(database: string | undefined, statements: string[]): Promise<void> {
  const url = new URL(POSTGRES_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!inject('dialects').includes('postgres'))('admin user search without pg_trgm [postgres]', () => {
  let auth: Auth | undefined;
  const warnings: string[] = [];

  beforeAll(async () => {
    await asSuperuser(undefined, [`create role ${name} login`, `create database ${name}`]);
    // Tables in the public schema, but no CREATE on the database: no extension.
    await asSuperuser(name, [`grant create, usage on schema public to ${name}`]);
    const url = new URL(POSTGRES_URL);
    url.username = name;
    url.pathname = `/${name}`;
    auth = createAuth({
      baseURL: 'http://localhost:3000',
      secret: SECRET,
      database: { url: url.href },
      plugins: [adminPlugin()],
      logger: { info() {}, warn: (_obj, msg) => warnings.push(msg ?? ''), error() {} },
    });
  });

  afterAll(async () => {
    await auth?.close();
    await asSuperuser(undefined, [`drop database if exists ${name} with (force)`, `drop role if exists ${name}`]);
  });

  it('migrates with a warning instead of the trigram indexes, and searches without them', async () => {
    await auth!.migrate();
    expect(warnings).toEqual([expect.stringContaining('Could not create the pg_trgm extension')]);
    const context = authInternalsForTests(auth!);
    const indexes = await sql<{
      name: string;
    }>`select indexname as name from pg_indexes where tablename = 'user'`.execute(context.db);
    expect(indexes.rows.map((r) => r.name)).not.toContain('user_email_trgm_idx');
    // The rest of the migration, after the refused statement, still ran.
    expect(indexes.rows.map((r) => r.name)).toContain('user_createdAt_id_idx');
    const now = new Date();
    await context.db
      .insertInto('user')
      .values(
        ['wombat@zoo.test', 'numbat@zoo.test', 'koala@zoo.test'].map((email, i) => ({
          id: `u${i}`,
          name: email,
          email,
          emailVerified: false,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const page = await queryUserPage(context, { searchValue: 'BAT@' });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.email).sort()).toEqual(['numbat@zoo.test', 'wombat@zoo.test']);
  });
});
