/**
 * @module The better-auth database being moved in, opened for reading only: a SQLite file (opened
 * read-only, so nothing about it changes, not even its journal mode), or a PostgreSQL or MySQL
 * server. Rows are read a page at a time in id order (keyset paging), so a table of any size is
 * never held in memory at once.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseDatabaseUrl } from '@latchkey/server';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql, type Dialect as KyselyDialect } from 'kysely';
import type { SourceRow } from './source-values';

export type SourceDialect = 'sqlite' | 'postgres' | 'mysql';

/** The `--from` value cannot be opened; the message is the operator's to read (it never echoes a password). */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface SourceDatabase {
  readonly dialect: SourceDialect;
  /** Tables present in the source, with their column names. */
  readonly tables: ReadonlyMap<string, ReadonlySet<string>>;
  count(table: string): Promise<number>;
  /** The table's rows in pages of `size`, ordered by id. */
  pages(table: string, size: number): AsyncGenerator<SourceRow[]>;
  close(): Promise<void>;
}

/** Where `--from` points: a server URL as given, or a SQLite file's absolute path (relative to `cwd`). */
export function sourceLocation(from: string, cwd: string): { dialect: SourceDialect; url: string } {
  const parsed = parseDatabaseUrl(from);
  if ('problem' in parsed) throw new SourceError(`--from ${parsed.problem}`);
  if (parsed.dialect !== 'sqlite' || parsed.url === ':memory:' || isAbsolute(parsed.url)) return parsed;
  return { dialect: 'sqlite', url: resolve(cwd, parsed.url) };
}

export async function openSourceDatabase(from: string, cwd: string): Promise<SourceDatabase> {
  const { dialect, url } = sourceLocation(from, cwd);
  const db = new Kysely<unknown>({ dialect: await kyselyDialect(dialect, url) });
  try {
    const tables = new Map<string, ReadonlySet<string>>();
    for (const table of await db.introspection.getTables()) {
      tables.set(table.name, new Set(table.columns.map((column) => column.name)));
    }
    return sourceOver(db, dialect, tables);
  } catch (error) {
    await db.destroy();
    throw new SourceError(
      `--from: cannot read the database (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

async function kyselyDialect(dialect: SourceDialect, url: string): Promise<KyselyDialect> {
  if (dialect === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    return new PostgresDialect({ pool });
  }
  if (dialect === 'mysql') {
    const { createPool } = await import('mysql2');
    // The driver's default time zone (the machine's), as better-auth's own pool is made by default:
    // a date reads back as the instant better-auth meant when it wrote it.
    return new MysqlDialect({ pool: createPool({ uri: url.replace(/^mariadb:/i, 'mysql:'), connectionLimit: 2 }) });
  }
  if (url === ':memory:') throw new SourceError('--from: an in-memory SQLite database holds nothing to import');
  if (!existsSync(url)) throw new SourceError(`--from: no SQLite file at ${url}`);
  const { default: SQLite } = await import('better-sqlite3');
  return new SqliteDialect({ database: new SQLite(url, { readonly: true, fileMustExist: true }) });
}

function sourceOver(
  db: Kysely<unknown>,
  dialect: SourceDialect,
  tables: ReadonlyMap<string, ReadonlySet<string>>,
): SourceDatabase {
  return {
    dialect,
    tables,

    async count(table) {
      const result = await sql<{ n: number | string | bigint }>`select count(*) as n from ${sql.table(table)}`.execute(
        db,
      );
      return Number(result.rows[0]?.n ?? 0);
    },

    async *pages(table, size) {
      let after: unknown;
      for (;;) {
        const where = after === undefined ? sql`` : sql`where ${sql.ref('id')} > ${after}`;
        const { rows } = await sql<SourceRow>`
          select * from ${sql.table(table)} ${where} order by ${sql.ref('id')} limit ${size}`.execute(db);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        after = rows[rows.length - 1]?.id;
      }
    },

    close: () => db.destroy(),
  };
}
