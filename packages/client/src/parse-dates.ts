/**
 * @module Revives dates in a response. The server sends dates as ISO strings (JSON has no date
 * type). Any string that is a complete ISO-8601 UTC-or-offset timestamp — date, `T`, time with
 * seconds, optional fraction, and `Z` or `±hh:mm` — becomes a `Date`, whatever its key: plugin
 * fields (`banExpires`, an invitation's `expiresAt`, a custom date column) then work without a
 * list of key names. Bare dates (`2026-01-01`) and free text stay strings, so a user's name that
 * merely looks like a date is left alone unless it is a full timestamp.
 */

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export function isIsoTimestamp(value: string): boolean {
  return ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

export function parseDates<T>(value: T): T {
  if (typeof value === 'string') return (isIsoTimestamp(value) ? new Date(value) : value) as T;
  if (Array.isArray(value)) return value.map(parseDates) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = parseDates(item);
    return out as T;
  }
  return value;
}
