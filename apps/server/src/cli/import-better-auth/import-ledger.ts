/**
 * @module The import's memory, a table of its own in the Latchkey database: which better-auth rows
 * it has brought, by table and id. A second run skips them even when Latchkey has deleted them
 * since: a session signed out or revoked by a password reset, a reset link used, an account
 * unlinked, a user deleted must not come back because the old database still holds them. The
 * table is the command's, not the engine's (no migration knows it); dropping it after the
 * switch-over is harmless.
 */
import { sql, type QueryExecutorProvider } from 'kysely';

export const LEDGER_TABLE = 'betterAuthImport';

/** Created on first use; `if not exists` makes every later run a no-op. */
export async function ensureLedger(executor: QueryExecutorProvider): Promise<void> {
  // Bounded lengths: MySQL keys only on bounded text.
  await sql`create table if not exists ${sql.table(LEDGER_TABLE)} (
    ${sql.ref('sourceTable')} varchar(64) not null,
    ${sql.ref('sourceId')} varchar(255) not null,
    primary key (${sql.ref('sourceTable')}, ${sql.ref('sourceId')}))`.execute(executor);
}

/** Which of `ids` of `table` an earlier run (or this one) imported. */
export async function importedIds(
  executor: QueryExecutorProvider,
  table: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ sourceId: string }>`
    select ${sql.ref('sourceId')} from ${sql.table(LEDGER_TABLE)}
    where ${sql.ref('sourceTable')} = ${table} and ${sql.ref('sourceId')} in (${sql.join(ids)})`.execute(executor);
  return new Set(rows.map((row) => row.sourceId));
}

export async function recordImported(
  executor: QueryExecutorProvider,
  table: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(ids.map((id) => sql`(${table}, ${id})`));
  await sql`insert into ${sql.table(LEDGER_TABLE)} (${sql.ref('sourceTable')}, ${sql.ref('sourceId')}) values ${values}`.execute(
    executor,
  );
}
