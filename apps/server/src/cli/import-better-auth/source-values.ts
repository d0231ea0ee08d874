/**
 * @module better-auth's values as its drivers hand them back, made plain: dates are `Date`s on
 * PostgreSQL and MySQL but ISO text (or epoch milliseconds, from older versions) on SQLite;
 * booleans are `true`/`false` on PostgreSQL but 0/1 on SQLite and MySQL. A value that cannot be
 * read as its column's kind stops the import with the row named, rather than writing a guess.
 */

/** One row of a better-auth table, as the driver read it. */
export type SourceRow = Readonly<Record<string, unknown>>;

export class SourceValueError extends Error {
  constructor(table: string, row: SourceRow, column: string, expected: string) {
    super(
      `better-auth's ${table} row ${String(row.id)}: ${column} is not ${expected} (${JSON.stringify(row[column])})`,
    );
    this.name = 'SourceValueError';
  }
}

/** Reads one table's rows, naming that table in every refusal. */
export function readerOf(table: string) {
  const fail = (row: SourceRow, column: string, expected: string): never => {
    throw new SourceValueError(table, row, column, expected);
  };

  function text(row: SourceRow, column: string): string {
    const value = row[column];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    return fail(row, column, 'a string');
  }

  function optionalText(row: SourceRow, column: string): string | null {
    return row[column] === null || row[column] === undefined ? null : text(row, column);
  }

  function date(row: SourceRow, column: string): Date {
    const value = row[column];
    const parsed =
      value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
    if (parsed === null || Number.isNaN(parsed.getTime())) return fail(row, column, 'a date');
    return parsed;
  }

  function optionalDate(row: SourceRow, column: string): Date | null {
    return row[column] === null || row[column] === undefined ? null : date(row, column);
  }

  function integer(row: SourceRow, column: string): number {
    const value = row[column];
    const parsed =
      typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isSafeInteger(parsed)) return fail(row, column, 'an integer');
    return parsed;
  }

  /** Absent (a plugin that was not enabled) and null read as `fallback`. */
  function boolean(row: SourceRow, column: string, fallback: boolean): boolean {
    const value = row[column];
    if (value === null || value === undefined) return fallback;
    if (value === true || value === 1 || value === '1' || value === 't' || value === 'true') return true;
    if (value === false || value === 0 || value === '0' || value === 'f' || value === 'false') return false;
    return fail(row, column, 'a boolean');
  }

  return { text, optionalText, date, optionalDate, integer, boolean };
}

export type SourceReader = ReturnType<typeof readerOf>;
