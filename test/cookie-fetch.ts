/**
 * @module A browser's fetch in miniature for tests that talk to a real server from Node (whose
 * fetch keeps no cookies): it keeps cookies by a browser's rules (test/browser-cookies), sends the
 * page's Origin, and records every request so a test can count them. Shared by the client's, the
 * web app's, the standalone server's and the browser tests, and by the benchmark.
 */
import { BrowserCookies } from './browser-cookies';

export interface CookieFetch {
  fetch: typeof fetch;
  /** A JSON POST to `url`, as the page's script sends it; `headers` are added to the request's. */
  postJson(url: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  cookies: BrowserCookies;
  /** Every request sent, in order: method and URL. */
  requests: { method: string; url: string }[];
}

/** A browser in miniature whose page is at `origin`: keeps Set-Cookie, sends Cookie and Origin. */
export function cookieFetch(origin: string): CookieFetch {
  const cookies = new BrowserCookies(`${origin}/`);
  const requests: CookieFetch['requests'] = [];
  const jarFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    // As a browser does, `credentials: 'omit'` neither sends the jar's cookies nor keeps new ones.
    const withCookies = init.credentials !== 'omit';
    const cookie = withCookies ? cookies.header(url) : '';
    if (cookie !== '') headers.set('cookie', cookie);
    requests.push({ method: init.method ?? 'GET', url: String(input) });
    const response = await fetch(input, { ...init, headers });
    if (withCookies) cookies.keep(response, url);
    return response;
  };
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    jarFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { fetch: jarFetch as typeof fetch, postJson, cookies, requests };
}
