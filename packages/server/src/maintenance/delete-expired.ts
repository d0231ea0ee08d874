/**
 * @module One batch of a prune: deletes at most `limit` rows of an `ExpiringRows` declaration that
 * expired before `cutoff`, in the statement each dialect allows, and says how many went. Safe to
 * race: rows another instance deleted first are simply not counted.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../db/schema';
import type { ExpiringRows } from '../plugin/declarations';

function expiredBefore(dialect: Dialect, rows: ExpiringRows, cutoff: Date): RawBuilder<unknown> {
  const column = sql.ref(rows.expiresAt);
  const only = rows.only ? sql` and ${sql.ref(rows.only.column)} like ${rows.only.prefix + '%'}` : sql``;
  if (dialect !== 'sqlite') return sql`${column} < ${cutoff}${only}`;
  // Latchkey writes ISO text, but a database better-auth created may hold epoch milliseconds,
  // which SQLite sorts before any text: compared with the ISO cutoff alone, every such row would
  // look expired and be deleted. Each kind is compared with the cutoff in its own form.
  return sql`((${column} >= '' and ${column} < ${cutoff.toISOString()}) or (typeof(${column}) in ('integer', 'real') and ${column} < ${cutoff.getTime()}))${only}`;
}

export async function deleteExpiredBatch(
  db: Kysely<Database>,
  dialect: Dialect,
  rows: ExpiringRows,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const table = sql.table(rows.table);
  const expired = expiredBefore(dialect, rows, cutoff);
  const statement =
    dialect === 'mysql'
      ? // MySQL and MariaDB refuse LIMIT in an IN subquery, but take it on DELETE itself.
        sql`delete from ${table} where ${expired} order by ${sql.ref(rows.expiresAt)} limit ${limit}`
      : dialect === 'postgres'
        ? // SKIP LOCKED: instances pruning at once take different rows instead of queueing on the same.
          sql`delete from ${table} where ${sql.ref('id')} in (select ${sql.ref('id')} from ${table} where ${expired} limit ${limit} for update skip locked)`
        : // rowid reaches the row without a second lookup through the primary key's index.
          sql`delete from ${table} where rowid in (select rowid from ${table} where ${expired} limit ${limit})`;
  const result = await statement.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
