/**
 * @module The hot path's reads, run on the driver itself as statements prepared once, outside
 * Kysely: no connection mutex, no plugin pass, no row object, which on get-session's database path
 * cost more than the query itself. Each gives the first row's values in column order; the caller
 * makes them dates and booleans (session-with-user.ts).
 *
 * - SQLite: a better-sqlite3 statement, run on the spot;
 * - PostgreSQL: a named statement on the pool, which pg parses once per connection and then runs
 *   with Bind/Execute alone, in the same single round trip as any query;
 * - MySQL/MariaDB: mysql2's `execute`, a server-side prepared statement that mysql2 keeps per
 *   connection (prepared at a connection's first use, one round trip more, once).
 *
 * The reads take a pool connection as any query does, never a transaction's: a read there on
 * PostgreSQL or MySQL would see only committed rows, as Kysely's read on the pool did. SQLite has
 * one connection, which a transaction holds across awaits; there the read answers `null` and the
 * caller queues for the connection through Kysely.
 */
import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type * as MysqlDriver from 'mysql2';
import type * as PgDriver from 'pg';

/** The row's values in column order, `undefined` without one, `null` when it must wait its turn (SQLite). */
export type ReadRow = (parameters: readonly unknown[]) => unknown[] | undefined | null | Promise<unknown[] | undefined>;
export type PrepareRead = (sqlText: string) => ReadRow;

export function sqlitePreparedRead(database: SQLite.Database): PrepareRead {
  return (sqlText) => {
    const statement = database.prepare(sqlText).raw(true);
    // better-sqlite3 is synchronous, so a read here cannot interleave with another statement; but
    // a transaction spans awaits, and its connection is this one: a read now would see its
    // uncommitted rows.
    return (parameters) => (database.inTransaction ? null : (statement.get(...parameters) as unknown[] | undefined));
  };
}

/**
 * A connection pooler in front of PostgreSQL that hands one client's statements to several server
 * connections (PgBouncer in transaction mode before 1.21, or without `max_prepared_statements`)
 * loses what pg prepared: the statement is unknown (26000) on the next server connection, or
 * already there (42P05) from another client. Then the read goes unnamed, as Kysely's queries do.
 */
const LOST_STATEMENT_CODES = new Set(['26000', '42P05']);

export function postgresPreparedRead(pool: PgDriver.Pool): PrepareRead {
  let named = true;
  return (text) => {
    // Named by the text's digest: pg refuses one name for two texts on a connection, and two auths
    // on one pool (with different plugins' columns) would otherwise share the name.
    const name = `latchkey_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    const read = async (parameters: readonly unknown[]): Promise<unknown[] | undefined> => {
      const values = [...parameters];
      try {
        const result = await pool.query({ name: named ? name : undefined, text, values, rowMode: 'array' });
        return result.rows[0];
      } catch (error) {
        if (!named || !LOST_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error;
        named = false;
        return read(parameters);
      }
    };
    return read;
  };
}

export function mysqlPreparedRead(pool: MysqlDriver.Pool): PrepareRead {
  return (sql) => (parameters) =>
    new Promise((resolve, reject) => {
      pool.execute<MysqlDriver.RowDataPacket[]>(
        { sql, rowsAsArray: true },
        parameters as MysqlDriver.ExecuteValues[],
        (error, rows) => (error ? reject(error) : resolve(rows[0] as unknown[] | undefined)),
      );
    });
}
