import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds } from './format-date';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const MOMENT = new Date(Date.UTC(2026, 10, 29, 15, 26, 15));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('format-date', () => {
  it('formats in the given language with Intl, the same for a Date, an ISO string and a number', () => {
    const expected = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(MOMENT);
    expect(formatDateTime(MOMENT, 'de')).toBe(expected);
    expect(formatDateTime(MOMENT.toISOString(), 'de')).toBe(expected);
    expect(formatDateTime(MOMENT.getTime(), 'de')).toBe(expected);
    expect(formatDate(MOMENT, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(MOMENT));
    expect(formatDateTimeSeconds(MOMENT, 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'medium' }).format(MOMENT),
    );
    expect(formatDateTime(MOMENT, 'en')).not.toBe(formatDateTime(MOMENT, 'de'));
  });

  it('shows a dash for a value that is no date', () => {
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });

  it('is the only module in src/ that turns a date into text', () => {
    const own = fileURLToPath(new URL('./format-date.ts', import.meta.url));
    const offenders = sourceFiles(SRC)
      .filter((path) => path !== own)
      .filter((path) =>
        /\.toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|from 'date-fns|from 'dayjs|from 'moment/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });
});
