/**
 * @module Organization metadata edited as JSON text. The server stores any JSON object; the field
 * accepts an object (or nothing) and says so before the request, rather than sending an array or a
 * number the server would refuse as a validation error without naming the field.
 */
export function parseMetadata(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function isMetadataText(text: string): boolean {
  return parseMetadata(text) !== undefined;
}

/**
 * Stored metadata as the field shows it: pretty JSON, or empty. get-full-organization answers the
 * stored JSON text (as better-auth does), which is shown like the object it holds.
 */
export function metadataText(metadata: unknown): string {
  if (metadata === null || metadata === undefined) return '';
  const value = typeof metadata === 'string' ? (parseMetadata(metadata) ?? metadata) : metadata;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
