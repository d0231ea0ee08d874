/**
 * @module A record's fields ready for JSON.stringify, with its dates already as text. Serialising a
 * `Date` goes through its `toJSON`, which JSON.stringify calls generically: measured at about five
 * times the cost of the string it produces, and a get-session answer carries five of them. The same
 * few instants (a session's and its user's creation and update) come back on every read, so their
 * text is kept. The JSON is the same as the record's own: `toJSON` gives `toISOString()`, or null
 * for an invalid date.
 */

/** Distinct instants kept; past it the memo starts over (an instant is cheap to format again). */
const MAX_INSTANTS = 1000;
const isoByInstant = new Map<number, string>();

function dateText(date: Date): string | null {
  const time = date.getTime();
  let text = isoByInstant.get(time);
  if (text === undefined) {
    if (!Number.isFinite(time)) return null;
    if (isoByInstant.size >= MAX_INSTANTS) isoByInstant.clear();
    text = date.toISOString();
    isoByInstant.set(time, text);
  }
  return text;
}

/** A shallow copy of `record` without `omit`, in the same key order, its `Date` fields as text. */
export function jsonRecord(record: object, omit?: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key === omit) continue;
    const value = (record as Record<string, unknown>)[key];
    fields[key] = value instanceof Date ? dateText(value) : value;
  }
  return fields;
}
