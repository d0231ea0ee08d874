/**
 * @module Transactions that run as the only change to some rows at that moment: a count-then-act
 * check ("is this the last account?", "is another admin left?", "is the limit reached?") stays true
 * until the change is made, because every competitor locks the same rows first and waits.
 *
 * PostgreSQL and MySQL: the rows are locked with SELECT … FOR UPDATE, in id order (one order for
 * every competitor, so two never wait on each other's rows), and held until commit. The locking
 * read returns the latest committed values; so do later reads on PostgreSQL (a snapshot per
 * statement) and on MySQL as long as no plain read ran before the lock (InnoDB's REPEATABLE READ
 * snapshot starts at the first plain read) — which is why the rows are returned here.
 *
 * SQLite has no row locks, and Kysely begins its transactions deferred: two connections (another
 * process, or another handle on the same file) could both read, and the later write would fail at
 * once with SQLITE_BUSY(_SNAPSHOT) instead of waiting. So a write comes first: any write statement
 * takes the database's write lock, whether or not it matches a row (BEGIN IMMEDIATE semantics), a
 * competitor waits for it (busy_timeout), and every read that follows is fresh.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from './schema';

/** The rows competitors queue on. `ids` may be read inside the transaction (by a plain read). */
export interface RowLock<DB, Table extends keyof DB & string, Column extends keyof DB[Table] & string> {
  table: Table;
  ids: readonly string[] | ((trx: Kysely<DB>) => Promise<readonly string[]>);
  /** Columns returned for the locked rows (with their current values); `id` when omitted. */
  columns?: readonly Column[];
}

export type LockedRows<DB, Table extends keyof DB, Column extends keyof DB[Table]> = Pick<
  Selectable<DB[Table]>,
  Column & keyof Selectable<DB[Table]>
>[];

/** Any table, seen through its name and column names only: the statements here are built from them. */
type AnyTables = Record<string, Record<string, unknown>>;

export function lockedTransaction<DB, Table extends keyof DB & string, Column extends keyof DB[Table] & string, T>(
  db: Kysely<DB>,
  dialect: Dialect,
  lock: RowLock<DB, Table, Column>,
  work: (trx: Kysely<DB>, rows: LockedRows<DB, Table, Column>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite')
      await sql`update ${sql.table(lock.table)} set ${sql.ref('id')} = ${sql.ref('id')} where 1 = 0`.execute(trx);
    const ids = [...new Set(typeof lock.ids === 'function' ? await lock.ids(trx) : lock.ids)];
    if (ids.length === 0) return work(trx, []);
    const columns: readonly string[] = lock.columns ?? ['id'];
    const query = (trx as unknown as Kysely<AnyTables>)
      .selectFrom(lock.table as string)
      .select(columns)
      .where('id', 'in', ids)
      .orderBy('id');
    const rows = await (dialect === 'sqlite' ? query : query.forUpdate()).execute();
    return work(trx, rows as unknown as LockedRows<DB, Table, Column>);
  });
}
