/**
 * @module CSV downloads (RFC 4180, UTF-8): one cell's encoding, safe to open in a spreadsheet, and
 * a streamed response that asks for the next batch of rows only when the client has read the last,
 * so an export of a million users holds one batch in memory, not the file.
 */

export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR, which some strip first) as a
 * formula: a user who names themselves `=HYPERLINK(…)` would run it on the admin's machine (CSV
 * injection, OWASP). Such cells get a leading `'`, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // Numbers and booleans are ours, not user text: a negative number stays a number.
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Gives the next rows, or an empty batch at the end. */
export type CsvBatches = () => Promise<readonly (readonly CsvCell[])[]>;

/**
 * A 200 `text/csv` attachment streamed batch by batch. The byte-order mark lets Excel read the
 * UTF-8 (names in any script) instead of guessing a legacy code page.
 */
export function csvResponse(filename: string, header: readonly string[], next: CsvBatches): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\ufeff${csvLine(header)}`));
        return;
      }
      const rows = await next();
      if (rows.length === 0) return controller.close();
      controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      // A list of users is personal data: no shared or browser cache keeps it.
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
