/**
 * @module The SQL `migrate` would run, without running it (`latchkey migrate --dry-run`). Each
 * pending migration runs against a Kysely of the database's own dialect whose driver records
 * every compiled statement and executes none: nothing is sent to the database, so nothing has to
 * be rolled back. (A transaction rolled back would not be honest on MySQL, where every DDL
 * statement commits implicitly.)
 *
 * The recorder answers every statement with no rows. A migration that reads before it writes
 * (0002's check for provider identities linked twice) has its query listed, but its outcome is
 * the one for an empty table: `migrate` itself may still stop at that check. Migrations must not
 * otherwise depend on what they read, as column-kinds.ts already requires.
 */
import {
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type KyselyPlugin,
  type QueryResult,
} from 'kysely';
import type { Logger } from '../auth/options';
import { columnTypes } from './column-types';
import { pendingMigrations, type Migration } from './migrate';
import type { Database, Dialect } from './schema';

export interface MigrationSql {
  readonly name: string;
  /** Each statement as compiled for the dialect, with its bound parameters (usually none). */
  readonly statements: readonly { sql: string; parameters: readonly unknown[] }[];
}

/** A driver that keeps what it is asked to run and runs nothing. */
class RecordingDriver implements Driver {
  readonly queries: CompiledQuery[] = [];

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const queries = this.queries;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        queries.push(query);
        return { rows: [] };
      },
      async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
        queries.push(query);
      },
    };
  }

  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

function recordingDialect(dialect: Dialect, driver: RecordingDriver): KyselyDialect {
  const parts = {
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
  } as const;
  const [Adapter, Introspector, Compiler] = parts[dialect];
  return {
    createAdapter: () => new Adapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new Introspector(db),
    createQueryCompiler: () => new Compiler(),
  };
}

/**
 * The statements of `migrations`, in the order given, as `dialect` would receive them; `plugins` are the engine's own (its value conversions), so values are
 * written as a real run writes them.
 */
async function recordMigrationSql(
  dialect: Dialect,
  migrations: readonly Migration[],
  plugins: readonly KyselyPlugin[],
  logger: Logger,
): Promise<MigrationSql[]> {
  const types = columnTypes(dialect);
  const result: MigrationSql[] = [];
  for (const migration of migrations) {
    const driver = new RecordingDriver();
    const db = new Kysely<unknown>({ dialect: recordingDialect(dialect, driver), plugins: [...plugins] });
    await migration.up(db, types, logger);
    result.push({
      name: migration.name,
      statements: driver.queries.map((query) => ({ sql: query.sql, parameters: [...query.parameters] })),
    });
  }
  return result;
}

/**
 * The SQL of the migrations not yet run, in the order `migrate` runs them (the Migrator's: by
 * name), recorded without being sent; reading which have run is the only query made.
 */
export async function pendingMigrationSql(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: readonly Migration[],
  plugins: readonly KyselyPlugin[],
  logger: Logger,
): Promise<MigrationSql[]> {
  const byName = new Map(migrations.map((migration) => [migration.name, migration]));
  const pending = await pendingMigrations(db, dialect, migrations, logger);
  return recordMigrationSql(
    dialect,
    pending.map((name) => byName.get(name)!),
    plugins,
    logger,
  );
}
