/**
 * @module Redirect answers for links that land in a browser (verify-email, reset-password,
 * delete-user callback, the social callback): the caller's callback URL with our parameters added
 * to its own query.
 */

/**
 * The `Location` for a checked target (http/redirect-url.ts), with `params` added to its query and
 * its fragment kept. A relative target goes out as the WHATWG parser resolved it, the very form the
 * check judged, not as the caller wrote it: it stays relative, but should its resolved path ever
 * begin with `//` it goes out absolute, because `Location: //host/…` would be read by the browser
 * as another host.
 */
export function locationOf(target: string, baseOrigin: string, params: Record<string, string> = {}): string {
  // An absolute target is parsed by the browser exactly as the check parsed it, so with nothing to
  // add it goes out as given (as better-auth sends it: `http://host`, not `http://host/`).
  if (!target.startsWith('/') && Object.keys(params).length === 0) return target;
  const url = new URL(target, baseOrigin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const relative = target.startsWith('/') && url.origin === baseOrigin && !url.pathname.startsWith('//');
  return relative ? url.pathname + url.search + url.hash : url.href;
}

/** 302, never cached: the location may carry a one-time token. */
export function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}
