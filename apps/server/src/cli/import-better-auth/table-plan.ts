/**
 * @module What the import knows of one table: where its rows come from, what each becomes in
 * Latchkey, which rows it needs to exist first (foreign keys) and which values Latchkey keeps
 * unique besides the id. copy-table.ts does the rest the same way for every table.
 */
import type { ImportTarget } from '@latchkey/server/operations';
import type { SourceRow } from './source-values';

/** A Latchkey row, column by column, with Dates and booleans as they are (the target converts them). */
export type TargetRow = Record<string, unknown> & { id: string };

/** Why a source row is left out on purpose (not an error). */
export type SkipReason = 'expired' | 'not-importable';

export type Mapping =
  | { row: TargetRow; /** Something the operator should know about this row, counted per kind. */ note?: string }
  | { skip: SkipReason };

export interface MapContext {
  readonly target: ImportTarget;
  readonly now: Date;
  /** The secrets better-auth may have encrypted with: the server's, then its previous ones. */
  readonly secrets: readonly string[];
}

export interface TablePlan {
  /** better-auth's table name. */
  readonly source: string;
  /** Latchkey's table name (the same names, DESIGN.md: Data). */
  readonly target: string;
  /** Foreign keys: a column and the table whose id it must name; a row whose parent is absent is skipped. */
  readonly parents: Readonly<Record<string, string>>;
  /** Unique keys besides the id, as column lists; a row taking one another row holds is a conflict. */
  readonly uniqueKeys: readonly (readonly string[])[];
  map(row: SourceRow, context: MapContext): Mapping;
}
