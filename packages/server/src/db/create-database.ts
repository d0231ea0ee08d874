/**
 * @module One Kysely instance for whichever database `DATABASE_URL` names: a SQLite file (the
 * default), PostgreSQL or MySQL/MariaDB. Values are made alike by `createAuth`'s
 * ColumnValuesPlugin; only what a driver must be told when its pool is made is set here.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { createRequire } from 'node:module';
import type * as MysqlDriver from 'mysql2';
import type * as PgDriver from 'pg';
import { parseDatabaseUrl } from './database-url';
import type { Database, Dialect } from './schema';
import { mysqlPreparedRead, postgresPreparedRead, sqlitePreparedRead, type PrepareRead } from './prepared-read';
import { offloadCheckpoints, type OffloadedCheckpoints } from './sqlite-checkpoints';

/** A connection pool's occupancy at one moment (metrics); SQLite has no pool. */
export interface PoolStats {
  /** Connections open, busy or idle. */
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection: above 0 for long, the pool is too small or the database slow. */
  readonly waiting: number;
  readonly max: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The pool's occupancy, for PostgreSQL and MySQL; read on demand (a metrics scrape), never per request. */
  poolStats?: () => PoolStats;
  /** The hot path's reads, prepared once and run on the driver, outside Kysely (prepared-read.ts). */
  prepareRead?: PrepareRead;
  /** A SQLite file's checkpoints moved off the event loop for a bulk writer (sqlite-checkpoints.ts). */
  offloadCheckpoints?: (onFailure: (error: unknown) => void) => OffloadedCheckpoints;
}

const CONNECT_TIMEOUT_MS = 5_000;
const POOL_SIZE = 10;

/** The drivers of the other dialects load when chosen: each costs megabytes a SQLite server never needs. */
const load = createRequire(import.meta.url);

export function createDatabase(databaseUrl: string): DatabaseHandle {
  const parsed = parseDatabaseUrl(databaseUrl);
  if ('problem' in parsed) throw new Error(`The database URL ${parsed.problem}`);
  const { dialect, url } = parsed;
  if (dialect === 'postgres') {
    const pg = load('pg') as typeof PgDriver;
    // Counts are int8, which pg answers as strings lest a value beyond 2^53 lose digits; no count
    // comes near that. Set on this pool only, not on pg's global parsers.
    const types = new pg.TypeOverrides();
    types.setTypeParser(pg.types.builtins.INT8, Number);
    // A database that does not answer fails the request (503, db/unavailable.ts) instead of holding it.
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      types,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server closed (a restart) fails its query, if it had one, and is dropped by
    // the pool, which makes a new one on the next query. pg also emits the error on the connection
    // (checked out) or the pool (idle), where without a listener it would end the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return {
      dialect,
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
      prepareRead: postgresPreparedRead(pool),
    };
  }
  if (dialect === 'mysql') {
    const { createPool } = load('mysql2') as typeof MysqlDriver;
    // Dates are written and read as UTC; otherwise mysql2 shifts them by the server's time zone.
    const pool = createPool({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      timezone: 'Z',
      connectionLimit: POOL_SIZE,
      connectTimeout: CONNECT_TIMEOUT_MS,
    });
    return {
      dialect,
      db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }),
      poolStats: () => mysqlPoolStats(pool as unknown as MysqlPoolInternals),
      prepareRead: mysqlPreparedRead(pool),
    };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const database = new SQLite(url);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Concurrent writers from several processes wait for the lock instead of failing at once.
  database.pragma('busy_timeout = 5000');
  return {
    dialect,
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    prepareRead: sqlitePreparedRead(database),
    offloadCheckpoints: url === ':memory:' ? undefined : (onFailure) => offloadCheckpoints(database, url, onFailure),
  };
}

/** mysql2 keeps its counts in fields it does not document; read defensively, 0 if they move. */
interface MysqlPoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

function mysqlPoolStats(pool: MysqlPoolInternals): PoolStats {
  return {
    total: pool._allConnections?.length ?? 0,
    idle: pool._freeConnections?.length ?? 0,
    waiting: pool._connectionQueue?.length ?? 0,
    max: POOL_SIZE,
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely asks better-sqlite3 to prepare every query anew, which costs more than running it.
 * Statements are reusable (better-sqlite3 is synchronous, so no two runs interleave), so each SQL
 * text is prepared once; the cache is bounded, dropping the least recently used.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText);
      } else {
        statement = database.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}
