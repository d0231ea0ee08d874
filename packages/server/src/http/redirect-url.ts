/**
 * @module Redirect targets supplied by callers (callbackURL, redirectTo, errorCallbackURL,
 * newUserCallbackURL) must be a trusted origin or a path on this one: anything else would make
 * Latchkey an open redirect that carries tokens to an attacker.
 */
import { AuthError, ERRORS, type ErrorEntry } from '../errors';
import type { ResolvedOptions } from '../options';

export const REDIRECT_FIELDS: ReadonlyArray<readonly [string, ErrorEntry]> = [
  ['callbackURL', ERRORS.invalidCallbackURL],
  ['redirectTo', ERRORS.invalidRedirectURL],
  ['errorCallbackURL', ERRORS.invalidErrorCallbackURL],
  ['newUserCallbackURL', ERRORS.invalidNewUserCallbackURL],
];

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil` and `/\evil`
// become `//evil`: any control character or backslash in a relative path is refused outright.
// A space is not: inside a path it is percent-encoded, never dropped, and `%20` is common in queries.
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function isSafeRedirect(options: ResolvedOptions, value: string): boolean {
  if (value.startsWith('/')) {
    const decoded = decodeFully(value);
    if (decoded === null || UNSAFE_IN_PATH.test(decoded) || decoded.startsWith('//')) return false;
    if (UNSAFE_IN_PATH.test(value) || value.startsWith('//')) return false;
    return new URL(value, options.baseOrigin).origin === options.baseOrigin;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && options.trustedOrigins.has(url.origin);
}

/** Checks every redirect field present in a validated body or query. */
export function checkRedirectFields(options: ResolvedOptions, input: unknown): void {
  if (!input || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;
  for (const [field, error] of REDIRECT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && !isSafeRedirect(options, value)) throw new AuthError(error);
  }
}
