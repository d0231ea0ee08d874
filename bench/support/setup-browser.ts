/**
 * @module What the cases set up with (sign-ups, sign-ins, a client, a passkey): a browser in
 * miniature (test/cookie-fetch) whose page is at the server's own origin, each request from a new
 * client address in the production configuration, where 127.0.0.1 is the trusted proxy and a few
 * sign-ins from one address would meet the strict rate limit. Also the small helpers the
 * sequences of requests share: the page's origin and the cookies an answer set.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { cookieFetch, type CookieFetch } from '../../test/cookie-fetch';

/** The server's BASE_URL origin (http://localhost:<port>): the origin passkeys and cookie-carrying POSTs name. */
export const pageOrigin = (base: string) => base.replace('127.0.0.1', 'localhost');

export function setupBrowser(base: string, forwardedFor?: () => string): CookieFetch {
  const browser = cookieFetch(pageOrigin(base));
  if (!forwardedFor) return browser;
  const fetchVia = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', forwardedFor());
    return browser.fetch(input, { ...init, headers });
  };
  return {
    ...browser,
    fetch: fetchVia as typeof fetch,
    postJson: (url, body, headers = {}) =>
      browser.postJson(url, body, { ...headers, 'x-forwarded-for': forwardedFor() }),
  };
}

/** A Cookie header of the cookies an answer set (autocannon's headers: one value, or an array). */
export function cookiesSet(headers: IncomingHttpHeaders | undefined): string {
  const setCookie = headers?.['set-cookie'] ?? [];
  return [setCookie]
    .flat()
    .map((line) => line.split(';', 1)[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The answer's JSON, or an error naming the step when it is not a 2xx. */
export async function expectJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}
