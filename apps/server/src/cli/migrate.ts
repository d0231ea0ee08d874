/**
 * @module `latchkey migrate [--dry-run]`: brings the configured database's schema up to date, as
 * every server start does, or with --dry-run prints the SQL that would be sent, compiled for its
 * dialect, and applies nothing. The dry run's SQL is recorded by running each pending migration
 * against a driver that sends nothing (the engine's db/migration-sql.ts, which says what such a
 * recording cannot show); stdout holds only SQL and `--` comments, so it can be saved as a file.
 */
import type { MigrationSql } from '@latchkey/server';
import { loadConfig, type DatabaseDialect } from '../config';
import type { CliIo } from './cli-io';
import { openCommandAuth } from './command-auth';
import { describeFailure } from './command-failure';

export interface MigrateOptions {
  dryRun: boolean;
}

/** How `migrate` wraps the statements, which the recording leaves out. */
const BOOKKEEPING: Record<DatabaseDialect, string> = {
  sqlite: 'SQLite: each migration runs on its own, recorded in latchkey_migration once it succeeded.',
  postgres:
    'PostgreSQL: all of them run in one transaction (begin … commit below), each recorded in latchkey_migration.',
  mysql:
    'MySQL/MariaDB: each statement commits on its own (DDL is not transactional there); each migration is recorded in latchkey_migration once it succeeded.',
};

export async function runMigrate(options: MigrateOptions, io: CliIo): Promise<number> {
  let auth: ReturnType<typeof openCommandAuth> | undefined;
  try {
    const config = loadConfig(io.env, io.cwd);
    auth = openCommandAuth(config, io, 'migrate');
    if (options.dryRun) {
      printPlan(await auth.pendingMigrationSql(), config.dialect, io);
      return 0;
    }
    const pending = await auth.pendingMigrations();
    await auth.migrate();
    io.stdout(
      pending.length === 0
        ? 'The database is up to date: no migration to apply'
        : `Applied ${pending.length} migration${pending.length === 1 ? '' : 's'}: ${pending.join(', ')}`,
    );
    return 0;
  } catch (error) {
    io.stderr(`latchkey migrate: ${describeFailure(error)}`);
    return 1;
  } finally {
    await auth?.close();
  }
}

function printPlan(plan: readonly MigrationSql[], dialect: DatabaseDialect, io: CliIo): void {
  if (plan.length === 0) {
    io.stdout('-- The database is up to date: no migration to apply.');
    return;
  }
  io.stdout(`-- latchkey migrate --dry-run: ${plan.length} pending migration(s) for ${dialect}; nothing was applied.`);
  io.stdout(`-- ${BOOKKEEPING[dialect]}`);
  io.stdout(
    '-- Queries that read (checks before a change) are listed; migrate runs them and stops when they find a problem.',
  );
  io.stdout('-- Run by hand, these statements are not recorded as applied: migrate would try them again.');
  // As the Migrator does on PostgreSQL; the savepoints of 0202 need the transaction around them.
  if (dialect === 'postgres') io.stdout('begin;');
  for (const migration of plan) {
    io.stdout('');
    io.stdout(`-- ${migration.name}`);
    for (const statement of migration.statements) {
      io.stdout(`${statement.sql.trim()};`);
      if (statement.parameters.length > 0) io.stdout(`-- parameters: ${JSON.stringify(statement.parameters)}`);
    }
  }
  if (dialect === 'postgres') io.stdout('commit;');
}
