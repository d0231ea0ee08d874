/**
 * @module Every date and time the app shows, in one format: the user's language through `Intl`,
 * medium date and short time ("29 Nov 2026, 15:26" in English, "29.11.2026, 15:26" in German).
 * Screens called `toLocaleString` each with their own options, so one page could show two formats;
 * a test (format-date.test.ts) keeps the other ways out of `src/`. Formatters are cached per
 * language and style, as building one is far slower than using it.
 */

export type DateInput = Date | string | number;

type Style = 'date' | 'dateTime' | 'dateTimeSeconds';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  // The audit log orders and tells apart events seconds apart.
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, style: Style): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, OPTIONS[style]);
    formatters.set(key, found);
  }
  return found;
}

function format(value: DateInput, language: string, style: Style): string {
  const date = value instanceof Date ? value : new Date(value);
  // An unreadable value shows as a dash rather than "Invalid Date" or a thrown RangeError.
  return Number.isNaN(date.getTime()) ? '—' : formatter(language, style).format(date);
}

/** A day: "29 Nov 2026". */
export function formatDate(value: DateInput, language: string): string {
  return format(value, language, 'date');
}

/** A moment: "29 Nov 2026, 15:26". */
export function formatDateTime(value: DateInput, language: string): string {
  return format(value, language, 'dateTime');
}

/** A moment to the second, for logs: "29 Nov 2026, 15:26:15". */
export function formatDateTimeSeconds(value: DateInput, language: string): string {
  return format(value, language, 'dateTimeSeconds');
}
