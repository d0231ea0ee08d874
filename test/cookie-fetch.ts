/**
 * @module A browser's fetch in miniature for tests that talk to a real server from Node (whose
 * fetch keeps no cookies): it stores Set-Cookie, sends Cookie and the page's Origin, and records
 * every request so a test can count them. Shared by the client's and the web app's tests.
 */

export interface CookieFetch {
  fetch: typeof fetch;
  cookies: Map<string, string>;
  /** Every request sent, in order: method and URL. */
  requests: { method: string; url: string }[];
}

/** A browser's fetch in miniature: stores Set-Cookie, sends Cookie and Origin. */
export function cookieFetch(origin: string): CookieFetch {
  const cookies = new Map<string, string>();
  const requests: CookieFetch['requests'] = [];
  const jarFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    requests.push({ method: init.method ?? 'GET', url: String(input) });
    const response = await fetch(input, { ...init, headers });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0\b/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { fetch: jarFetch as typeof fetch, cookies, requests };
}
