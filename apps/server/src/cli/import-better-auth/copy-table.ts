/**
 * @module Copies one table in one transaction of the target: the table is in Latchkey whole or not
 * at all. Every row keeps its id, and the ledger (import-ledger.ts) remembers it, so a second run
 * finds each row already imported and changes nothing: a row changed since (a password upgraded to
 * Argon2id) stays as it is now, and one deleted since (a revoked session) stays deleted.
 * What Latchkey would refuse is found before writing, so the transaction never fails half-way on a
 * constraint: a row whose parent is absent, or one that takes a unique value (an e-mail, a
 * username, a slug) another row already holds, is left out and counted.
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import type { ImportTarget } from '@latchkey/server/operations';
import { importedIds, recordImported } from './import-ledger';
import type { SourceDatabase } from './source-database';
import type { SkipReason, TablePlan, TargetRow } from './table-plan';

/** Rows per page read and per check; well under every dialect's limit of bound parameters. */
export const PAGE_SIZE = 500;
/** How many left-out ids a summary names. */
const EXAMPLES = 5;

type LooseDatabase = Record<string, Record<string, unknown>>;
type KeyOf = (values: readonly unknown[]) => string;

export interface TableCounts {
  readonly table: string;
  read: number;
  imported: number;
  /** Already in Latchkey by id: an earlier run brought them. */
  present: number;
  skipped: Record<SkipReason, number>;
  /** Left out: a user, organization or team they belong to is not in Latchkey. */
  orphans: number;
  /** Left out: another row holds their unique value. */
  conflicts: number;
  /** A few ids of the rows left out, for the operator to look at. */
  leftOut: string[];
  /** Per kind, rows imported that the operator should know about. */
  notes: Map<string, number>;
}

export interface CopyOptions {
  now: Date;
  /** better-auth's secret as far as the server knows it (MapContext.secrets). */
  secrets: readonly string[];
  /** Told after each page, with how many source rows it held. */
  onRows?: (count: number) => void;
}

export function emptyCounts(table: string): TableCounts {
  return {
    table,
    read: 0,
    imported: 0,
    present: 0,
    skipped: { expired: 0, 'not-importable': 0 },
    orphans: 0,
    conflicts: 0,
    leftOut: [],
    notes: new Map(),
  };
}

export async function copyTable(
  source: SourceDatabase,
  target: ImportTarget,
  plan: TablePlan,
  { now, secrets, onRows }: CopyOptions,
): Promise<TableCounts> {
  const counts = emptyCounts(plan.target);
  // MySQL's default collation compares text without case, so its unique indexes do too.
  const keyOf: KeyOf = (values) =>
    JSON.stringify(values.map((v) => (target.dialect === 'mysql' ? String(v).toLowerCase() : String(v))));
  const db = target.db.withTables<LooseDatabase>();
  await db.transaction().execute(async (trx) => {
    // Unique values taken by rows of this run: rows of one page are not in the target yet when
    // they are checked, and two source rows may collide once lower-cased (e-mails, usernames).
    const taken = plan.uniqueKeys.map(() => new Set<string>());
    for await (const page of source.pages(plan.source, PAGE_SIZE)) {
      counts.read += page.length;
      const candidates: TargetRow[] = [];
      for (const sourceRow of page) {
        const mapping = plan.map(sourceRow, { target, now, secrets });
        if ('skip' in mapping) {
          counts.skipped[mapping.skip] += 1;
          continue;
        }
        candidates.push(mapping.row);
        if (mapping.note) counts.notes.set(mapping.note, (counts.notes.get(mapping.note) ?? 0) + 1);
      }
      const imported = await importedIds(
        trx,
        plan.source,
        candidates.map((row) => row.id),
      );
      const notYet = candidates.filter((row) => !imported.has(row.id));
      // Rows with the id already there (an earlier run that kept no ledger): recorded, not written.
      const present = await existingKeys(trx, plan.target, ['id'], notYet, keyOf);
      const adopted = notYet.filter((row) => present.has(keyOf([row.id])));
      const absent = notYet.filter((row) => !present.has(keyOf([row.id])));
      counts.present += candidates.length - absent.length;
      const fresh = await writableRows(trx, plan, absent, { keyOf, taken, counts });
      if (fresh.length > 0) await trx.insertInto(plan.target).values(fresh).execute();
      await recordImported(
        trx,
        plan.source,
        [...adopted, ...fresh].map((row) => row.id),
      );
      counts.imported += fresh.length;
      onRows?.(page.length);
    }
  });
  return counts;
}

/** The rows Latchkey would accept: their parents are there and their unique values are free. */
async function writableRows(
  trx: QueryExecutorProvider,
  plan: TablePlan,
  rows: TargetRow[],
  { keyOf, taken, counts }: { keyOf: KeyOf; taken: Set<string>[]; counts: TableCounts },
): Promise<TargetRow[]> {
  let fresh = rows;
  for (const [column, parentTable] of Object.entries(plan.parents)) {
    const withParent = await existingKeys(trx, parentTable, ['id'], fresh, keyOf, column);
    fresh = leaveOut(fresh, (row) => row[column] !== null && !withParent.has(keyOf([row[column]])), counts, 'orphans');
  }
  for (const [index, columns] of plan.uniqueKeys.entries()) {
    const held = await existingKeys(trx, plan.target, columns, fresh, keyOf);
    const seen = taken[index] ?? new Set<string>();
    fresh = leaveOut(
      fresh,
      (row) => {
        const values = columns.map((column) => row[column]);
        // NULLs never collide in a unique index (users without a username).
        if (values.some((value) => value === null || value === undefined)) return false;
        const key = keyOf(values);
        if (held.has(key) || seen.has(key)) return true;
        seen.add(key);
        return false;
      },
      counts,
      'conflicts',
    );
  }
  return fresh;
}

function leaveOut(
  rows: TargetRow[],
  isLeftOut: (row: TargetRow) => boolean,
  counts: TableCounts,
  reason: 'orphans' | 'conflicts',
): TargetRow[] {
  return rows.filter((row) => {
    if (!isLeftOut(row)) return true;
    counts[reason] += 1;
    if (counts.leftOut.length < EXAMPLES) counts.leftOut.push(row.id);
    return false;
  });
}

/**
 * The keys (`columns`' values) of `table`'s rows that match the rows given on the first column:
 * `rows[lookup]` (by default the first column) is what is looked for.
 */
async function existingKeys(
  trx: QueryExecutorProvider,
  table: string,
  columns: readonly string[],
  rows: readonly TargetRow[],
  keyOf: KeyOf,
  lookup: string = columns[0] ?? 'id',
): Promise<Set<string>> {
  const [first] = columns;
  const wanted = [...new Set(rows.map((row) => row[lookup]).filter((value) => value !== null && value !== undefined))];
  if (first === undefined || wanted.length === 0) return new Set();
  const { rows: found } = await sql<Record<string, unknown>>`
    select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)}
    where ${sql.ref(first)} in (${sql.join(wanted)})`.execute(trx);
  return new Set(found.map((row) => keyOf(columns.map((column) => row[column]))));
}
