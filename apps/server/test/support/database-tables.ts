/**
 * @module The tables a test database holds, read with the dialect's own driver (not through the
 * engine, whose opening of a database is part of what the CLI tests check).
 */
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { TestDialect } from '../../../../test/services';

export async function listTables(dialect: TestDialect, url: string): Promise<string[]> {
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public'",
      );
      return rows.map((row) => row.name).sort();
    } finally {
      await client.end();
    }
  }
  if (dialect === 'mysql') {
    const connection = await mysql.createConnection({ uri: url });
    try {
      const [rows] = await connection.query(
        'select table_name as name from information_schema.tables where table_schema = database()',
      );
      return (rows as Array<{ name: string }>).map((row) => row.name).sort();
    } finally {
      await connection.end();
    }
  }
  const db = new SQLite(url, { fileMustExist: false });
  try {
    const rows = db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
    return rows.map((row) => row.name).sort();
  } finally {
    db.close();
  }
}

/** `select count(*)` of each table named, by the dialect's driver. */
export async function countRows(
  dialect: TestDialect,
  url: string,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const quote = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const counts: Record<string, number> = {};
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const table of tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
        counts[table] = Number(rows[0]?.n);
      }
    } finally {
      await client.end();
    }
  } else if (dialect === 'mysql') {
    const connection = await mysql.createConnection({ uri: url });
    try {
      for (const table of tables) {
        const [rows] = await connection.query(`select count(*) as n from ${quote(table)}`);
        counts[table] = Number((rows as Array<{ n: number }>)[0]?.n);
      }
    } finally {
      await connection.end();
    }
  } else {
    const db = new SQLite(url, { fileMustExist: true });
    try {
      for (const table of tables)
        counts[table] = (db.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  return counts;
}
