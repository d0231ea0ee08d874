/**
 * @module Versioned migrations through Kysely's Migrator: it records what ran in its own table and
 * takes a lock, so several instances starting at once migrate once. Running it again is a no-op.
 */
import { Migrator, type Kysely } from 'kysely';
import type { Logger } from '../auth/options';
import { columnTypes, type ColumnTypes } from './column-types';
import type { Database, Dialect } from './schema';

export interface Migration {
  /** Sorted by name across the core and every plugin: prefix with a number. */
  readonly name: string;
  /** `logger` tells the operator what an optional step (an extension the role may not create) skipped. */
  up(db: Kysely<unknown>, types: ColumnTypes, logger: Logger): Promise<void>;
}

function migratorOf(db: Kysely<Database>, dialect: Dialect, migrations: readonly Migration[], logger: Logger) {
  const types = columnTypes(dialect);
  return new Migrator({
    db,
    migrationTableName: 'latchkey_migration',
    migrationLockTableName: 'latchkey_migration_lock',
    // Plugins enabled later bring migrations whose names sort before ones already run.
    allowUnorderedMigrations: true,
    provider: {
      async getMigrations() {
        return Object.fromEntries(
          migrations.map((m) => [m.name, { up: (trx: Kysely<unknown>) => m.up(trx, types, logger) }]),
        );
      },
    },
  });
}

export async function migrate(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: readonly Migration[],
  logger: Logger,
): Promise<void> {
  const { error, results } = await migratorOf(db, dialect, migrations, logger).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Latchkey: migration ${failed ?? ''} failed`, { cause: error });
  }
}

/** The names of the migrations not yet run, sorted; throws when the database cannot be reached. */
export async function pendingMigrations(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: readonly Migration[],
  logger: Logger,
): Promise<string[]> {
  const known = await migratorOf(db, dialect, migrations, logger).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
