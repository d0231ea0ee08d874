/**
 * @module Redirect answers for links that land in a browser (verify-email, reset-password,
 * delete-user callback): the caller's callback URL with our parameters added to its own query.
 */

/** Adds `params` to the callback URL's query, keeping its fragment; a relative callback stays relative. */
export function withQuery(callbackURL: string, params: Record<string, string>, baseOrigin: string): string {
  const url = new URL(callbackURL, baseOrigin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return callbackURL.startsWith('/') ? url.pathname + url.search + url.hash : url.href;
}

/** 302, never cached: the location may carry a one-time token. */
export function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}
