/**
 * @module Lists as the plugin's text columns hold them: JSON arrays of strings, as better-auth's
 * Kysely adapter writes `string[]` fields.
 */

export function toJsonList(values: readonly string[]): string {
  return JSON.stringify(values);
}

/** The strings of a stored list; null and anything not a JSON array of strings read as empty. */
export function fromJsonList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}

/** A space-separated scope string (RFC 6749 §3.3) as its distinct scopes, in order. */
export function scopesOf(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
