/**
 * @module A fresh, empty database per test file and dialect, dropped afterwards, so suites run in
 * parallel without seeing each other's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { MYSQL_URL, POSTGRES_URL, type TestDialect } from '../../../../test/services';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + name;
  return parsed.href;
}

export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const name = `lk_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: withDatabase(POSTGRES_URL, name),
      async drop() {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        // pg's pool.end() resolves before its connections have finished closing; terminating one
        // of those (FORCE) makes its client emit an error nobody listens to any more. So wait,
        // briefly, for them to go, and force only what is left.
        for (let i = 0; i < 100; i++) {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  if (dialect === 'mysql') {
    const admin = await mysql.createConnection({ uri: MYSQL_URL });
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: withDatabase(MYSQL_URL, name),
      async drop() {
        const client = await mysql.createConnection({ uri: MYSQL_URL });
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-test-'));
  return {
    url: join(dir, 'latchkey.db'),
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
