/**
 * @module A browser as far as a cross-site callback depends on it: requests go to `auth.handler`
 * with the Origin and Fetch Metadata a browser would send, and carry the cookies their context
 * allows (test/browser-cookies) — all of them same-site; on a cross-site top-level GET navigation
 * Lax and None cookies; on a cross-site POST only `SameSite=None` ones. Redirects can be followed
 * as navigations.
 */
import type { Auth } from '../../../src';
import { BrowserCookies, type SameSiteContext } from '../../../../../test/browser-cookies';

export interface BrowserResponse {
  status: number;
  location: string | null;
  headers: Headers;
  body: any;
}

export type Initiator = 'same-site' | { crossSite: string };

export class Browser {
  readonly cookies: BrowserCookies;

  constructor(
    private readonly auth: Auth,
    /** The server's origin, e.g. `https://auth.example.com`. */
    private readonly origin: string,
  ) {
    this.cookies = new BrowserCookies(`${origin}/`);
  }

  private static sameSiteContext(method: string, initiator: Initiator, navigation: boolean): SameSiteContext {
    if (initiator === 'same-site') return 'strict';
    return navigation && method === 'GET' ? 'lax' : 'none';
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    {
      initiator = 'same-site',
      navigation = false,
      json,
      form,
    }: { initiator?: Initiator; navigation?: boolean; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const absolute = new URL(url, this.origin);
    const headers = new Headers({
      'sec-fetch-site': initiator === 'same-site' ? 'same-origin' : 'cross-site',
      'sec-fetch-mode': navigation ? 'navigate' : 'cors',
      'sec-fetch-dest': navigation ? 'document' : 'empty',
    });
    if (method === 'POST') headers.set('origin', initiator === 'same-site' ? this.origin : initiator.crossSite);
    const cookie = this.cookies.header(absolute, Browser.sameSiteContext(method, initiator, navigation));
    if (cookie) headers.set('cookie', cookie);
    let body: string | undefined;
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(form).toString();
    }
    const response = await this.auth.handler(new Request(absolute, { method, headers, body }), {
      clientIp: '203.0.113.50',
    });
    this.cookies.keep(response, absolute);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      body: parsed,
    };
  }

  /** Follows a redirect as the browser would: a top-level GET navigation, cross-site if the chain began cross-site. */
  follow(response: BrowserResponse, initiator: Initiator): Promise<BrowserResponse> {
    if (!response.location) throw new Error(`not a redirect: ${response.status}`);
    return this.request('GET', response.location, { initiator, navigation: true });
  }
}
