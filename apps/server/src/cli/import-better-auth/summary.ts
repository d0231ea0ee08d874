/**
 * @module The import's report: one line per table with what was imported, what was already there
 * and what was left out and why; then what the operator must do about rows left out.
 */
import type { TableCounts } from './copy-table';

/** A table of the plan that the source does not have (its plugin was not enabled there). */
export interface AbsentTable {
  readonly table: string;
  readonly absent: true;
}

/** A table of the source that this server has no plugin for: its rows cannot come. */
export interface TableNotOnServer {
  readonly table: string;
  readonly notOnServer: number;
}

export type TableOutcome = TableCounts | AbsentTable | TableNotOnServer;

const WIDTH = 'organization'.length + 2;

export function summaryLines(outcomes: readonly TableOutcome[]): string[] {
  return outcomes.map((outcome) => {
    const name = outcome.table.padEnd(WIDTH);
    if ('absent' in outcome) return `  ${name}not in the source`;
    if ('notOnServer' in outcome)
      return `  ${name}${outcome.notOnServer} not imported: this server has no such table (left out)`;
    const parts = [`${outcome.imported} imported`, `${outcome.present} already present`];
    if (outcome.skipped.expired > 0) parts.push(`${outcome.skipped.expired} expired (left out)`);
    if (outcome.skipped['not-importable'] > 0)
      parts.push(`${outcome.skipped['not-importable']} not usable by Latchkey (left out)`);
    if (outcome.orphans > 0) parts.push(`${outcome.orphans} whose owner is not in Latchkey (left out)`);
    if (outcome.conflicts > 0) parts.push(`${outcome.conflicts} taking a value another row holds (left out)`);
    for (const [note, count] of outcome.notes) parts.push(`${count} ${note}`);
    return `  ${name}${parts.join(', ')}`;
  });
}

/** Lines for stderr about rows that should have come and did not; empty when none. */
export function leftOutLines(outcomes: readonly TableOutcome[]): string[] {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    if ('notOnServer' in outcome) {
      if (outcome.notOnServer > 0)
        lines.push(
          `${outcome.table}: ${outcome.notOnServer} rows left out, since the server's plugins make no such table`,
        );
      continue;
    }
    if ('absent' in outcome || outcome.orphans + outcome.conflicts === 0) continue;
    lines.push(
      `${outcome.table}: ${outcome.orphans + outcome.conflicts} rows left out, for example ids ${outcome.leftOut.join(', ')}`,
    );
  }
  return lines;
}
