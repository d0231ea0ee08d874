/**
 * @module A browser's fetch in miniature for tests that talk to a real server from Node (whose
 * fetch keeps no cookies): it keeps cookies by a browser's rules (test/browser-cookies), sends the
 * page's Origin, and records every request so a test can count them. Shared by the client's and
 * the web app's tests.
 */
import { BrowserCookies } from './browser-cookies';

export interface CookieFetch {
  fetch: typeof fetch;
  cookies: BrowserCookies;
  /** Every request sent, in order: method and URL. */
  requests: { method: string; url: string }[];
}

/** A browser's fetch in miniature: keeps Set-Cookie, sends Cookie and Origin. */
export function cookieFetch(origin: string): CookieFetch {
  const cookies = new BrowserCookies(`${origin}/`);
  const requests: CookieFetch['requests'] = [];
  const jarFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    const cookie = cookies.header(url);
    if (cookie !== '') headers.set('cookie', cookie);
    requests.push({ method: init.method ?? 'GET', url: String(input) });
    const response = await fetch(input, { ...init, headers });
    cookies.keep(response, url);
    return response;
  };
  return { fetch: jarFetch as typeof fetch, cookies, requests };
}
