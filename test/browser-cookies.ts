/**
 * @module A browser's cookie store for tests that play the browser from Node, on tough-cookie: a
 * Set-Cookie is kept, replaced or deleted (Max-Age=0) as a browser would, Path and Secure decide
 * which requests carry a cookie, `__Secure-`/`__Host-` cookies that break their prefix's rules are
 * refused, and so is `SameSite=None` without Secure; a cookie without SameSite counts as Lax, as
 * in Chromium. Shared by the engine's, the client's, the standalone server's and the web app's tests.
 */
import { Cookie, CookieJar } from 'tough-cookie';

/**
 * How the request relates to the site that set the cookies: `strict` for a same-site request, `lax`
 * for a cross-site top-level GET navigation, `none` for any other cross-site request.
 */
export type SameSiteContext = 'strict' | 'lax' | 'none';

/** The Set-Cookie attributes a test asserts on, keyed by their lower-cased names as written. */
export type CookieAttributes = Record<string, string | true>;

/**
 * A browser's cookies. Besides keeping responses' cookies and writing requests' Cookie header, it
 * reads like a Map of the cookies a request to its `url` carries, and a test may change them as a
 * user could in the browser's developer tools (`set`, `delete`).
 */
export class BrowserCookies implements Iterable<[string, string]> {
  private readonly jar = new CookieJar();

  /** `url`: where the Map-like view looks, e.g. the auth server's base path. */
  constructor(private readonly url: string) {}

  /** Keeps the cookies a response to a request for `url` sets; the ones a browser refuses are dropped. */
  keep(response: Response | Headers, url: string | URL = this.url): void {
    const headers = response instanceof Headers ? response : response.headers;
    for (const header of headers.getSetCookie()) {
      const cookie = Cookie.parse(header);
      if (!cookie || (cookie.sameSite === 'none' && !cookie.secure)) continue;
      cookie.sameSite ??= 'lax';
      this.jar.setCookieSync(cookie, String(url), { ignoreError: true });
    }
  }

  /** The Cookie header of a request to `url` in the given site context ('' when it carries none). */
  header(url: string | URL = this.url, sameSite: SameSiteContext = 'strict'): string {
    return this.jar.getCookieStringSync(String(url), { sameSiteContext: sameSite });
  }

  get size(): number {
    return this.visible().length;
  }

  get(name: string): string | undefined {
    return this.find(name)?.value;
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  /** Writes a cookie's value, keeping the attributes of the one it replaces (a new one is HttpOnly, Lax, Path=/). */
  set(name: string, value: string): this {
    const cookie =
      this.find(name)?.clone() ??
      new Cookie({ key: name, path: '/', httpOnly: true, sameSite: 'lax', secure: /^__(Secure|Host)-/.test(name) });
    cookie.value = value;
    this.jar.setCookieSync(cookie, this.url);
    return this;
  }

  delete(name: string): boolean {
    const cookie = this.find(name)?.clone();
    if (!cookie) return false;
    // An expired cookie is what a server's deletion leaves: the jar drops it on the next read.
    cookie.setMaxAge(0);
    this.jar.setCookieSync(cookie, this.url);
    return true;
  }

  keys(): IterableIterator<string> {
    return this.visible()
      .map((cookie) => cookie.key)
      [Symbol.iterator]();
  }

  entries(): IterableIterator<[string, string]> {
    return this.visible()
      .map((cookie): [string, string] => [cookie.key, cookie.value])
      [Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  private visible(): Cookie[] {
    return this.jar.getCookiesSync(this.url);
  }

  private find(name: string): Cookie | undefined {
    return this.visible().find((cookie) => cookie.key === name);
  }
}

const SAME_SITE: Record<string, string> = Cookie.sameSiteCanonical;

/**
 * A Set-Cookie header as the test reads it: name, value and the attributes given, through
 * tough-cookie's parser (so `SameSite` reads in its canonical case, `Lax`).
 */
export function parseSetCookie(header: string): [string, { value: string; attributes: CookieAttributes }] {
  const cookie = Cookie.parse(header);
  if (!cookie) throw new Error(`not a Set-Cookie header: ${header}`);
  const attributes: CookieAttributes = {};
  if (cookie.expires instanceof Date) attributes.expires = cookie.expires.toUTCString();
  if (cookie.maxAge !== null) attributes['max-age'] = String(cookie.maxAge);
  if (cookie.domain !== null) attributes.domain = cookie.domain;
  if (cookie.path !== null) attributes.path = cookie.path;
  if (cookie.secure) attributes.secure = true;
  if (cookie.httpOnly) attributes.httponly = true;
  if (cookie.sameSite !== undefined) attributes.samesite = SAME_SITE[cookie.sameSite] ?? cookie.sameSite;
  for (const extension of cookie.extensions ?? []) {
    const eq = extension.indexOf('=');
    if (eq === -1) attributes[extension.toLowerCase()] = true;
    else attributes[extension.slice(0, eq).toLowerCase()] = extension.slice(eq + 1);
  }
  return [cookie.key, { value: cookie.value, attributes }];
}
