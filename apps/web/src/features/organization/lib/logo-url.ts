/**
 * @module A logo is an image address the browser may load: http(s) only, so a `javascript:` or
 * `data:` text typed into the field is never stored as an organization's logo.
 */
export function isLogoUrl(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
