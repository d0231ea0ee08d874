/**
 * @module A browser's cookie rules, as far as a cross-site callback depends on them: cookies are
 * kept with their attributes, and a request carries the ones its context allows — all of them
 * same-site; on a cross-site top-level GET navigation Lax and None cookies; on a cross-site POST
 * only `SameSite=None` ones (which must be Secure). Requests go to `auth.handler` with the Origin
 * and Fetch Metadata a browser would send, and redirects can be followed as navigations.
 */
import type { Auth } from '../../../src';
import { parseSetCookie } from '../../support/harness';

interface StoredCookie {
  value: string;
  sameSite: 'strict' | 'lax' | 'none';
  secure: boolean;
}

export interface BrowserResponse {
  status: number;
  location: string | null;
  headers: Headers;
  body: any;
}

export type Initiator = 'same-site' | { crossSite: string };

export class Browser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly auth: Auth,
    /** The server's origin, e.g. `https://auth.example.com`. */
    private readonly origin: string,
  ) {}

  private cookieHeader(method: string, initiator: Initiator, navigation: boolean): string {
    const secureContext = this.origin.startsWith('https:');
    const sent: string[] = [];
    for (const [name, cookie] of this.cookies) {
      if (cookie.secure && !secureContext) continue;
      if (initiator !== 'same-site') {
        const laxAllowed = navigation && method === 'GET';
        if (cookie.sameSite === 'strict') continue;
        if (cookie.sameSite === 'lax' && !laxAllowed) continue;
        // Browsers refuse SameSite=None without Secure.
        if (cookie.sameSite === 'none' && !cookie.secure) continue;
      }
      sent.push(`${name}=${cookie.value}`);
    }
    return sent.join('; ');
  }

  private keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [name, { value, attributes }] = parseSetCookie(header);
      if (attributes['max-age'] === '0' || value === '') {
        this.cookies.delete(name);
        continue;
      }
      const sameSite = String(attributes.samesite ?? 'lax').toLowerCase() as StoredCookie['sameSite'];
      const secure = attributes.secure === true;
      // Without Secure a SameSite=None cookie is rejected outright; `__Host-` demands Secure and Path=/.
      if (sameSite === 'none' && !secure) continue;
      if (name.startsWith('__Host-') && (!secure || attributes.path !== '/')) continue;
      this.cookies.set(name, { value, sameSite, secure });
    }
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
    const cookie = this.cookieHeader(method, initiator, navigation);
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
    this.keep(response);
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
