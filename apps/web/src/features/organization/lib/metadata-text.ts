/**
 * @module Organization metadata edited as JSON text. The server stores any JSON object; the field
 * accepts an object (or nothing) and says so before the request, rather than sending an array or a
 * number the server would refuse as a validation error without naming the field.
 */
export function parseMetadata(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function isMetadataText(text: string): boolean {
  return parseMetadata(text) !== undefined;
}

/** Stored metadata as the field shows it: pretty JSON, or empty. */
export function metadataText(metadata: unknown): string {
  if (metadata === null || metadata === undefined) return '';
  if (typeof metadata === 'string') return metadata;
  return JSON.stringify(metadata, null, 2);
}
