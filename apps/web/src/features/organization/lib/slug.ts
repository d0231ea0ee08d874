/**
 * @module Organization slugs as this app makes them: lower-case ASCII letters and digits joined by
 * single hyphens, so a slug reads well in a URL. The server only needs a non-empty unique string;
 * the stricter shape is the app's, for the slugs it proposes and accepts.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 48;

/** "Café Müller & Co." → "cafe-muller-co". Letters outside Latin give nothing: the user types one. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}
