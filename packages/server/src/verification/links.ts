/**
 * @module Absolute links to Latchkey's own routes, for mails: built from the configured base URL,
 * never from the request's Host header (which an attacker could choose).
 */
import type { AuthContext } from '../auth/context';

export function authLink(auth: AuthContext, path: string, query: Record<string, string | undefined>): string {
  const url = new URL(auth.options.baseURL + auth.options.basePath + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}
