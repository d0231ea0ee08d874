/**
 * @module Request cookies read lazily (get-session needs two at most), and the Set-Cookie headers
 * a response will carry. Serialising is Hono's. Reading is ours: Hono's parse tests each value
 * against a regular expression, which on the ~1 kB cache cookie costs as much as checking its
 * HMAC; our cookies are signed, so a malformed value fails its signature check anyway.
 */
import { serialize, type CookieOptions } from 'hono/utils/cookie';
import { tryDecodeURIComponent } from 'hono/utils/url';

function isCookieSpace(code: number): boolean {
  return code === 32 || code === 9;
}

/** The first `name=value` pair's value (quotes and URL-encoding undone), as Hono's parse reads it. */
function readCookie(header: string, name: string): string | undefined {
  for (let start = 0; start < header.length;) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon === -1 ? header.length : semicolon;
    let at = start;
    while (isCookieSpace(header.charCodeAt(at))) at += 1;
    if (header.startsWith(name, at)) {
      let equals = at + name.length;
      while (isCookieSpace(header.charCodeAt(equals))) equals += 1;
      if (header.charCodeAt(equals) === 61) {
        let value = header.slice(equals + 1, end).trim();
        if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
        return tryDecodeURIComponent(value);
      }
    }
    start = end + 1;
  }
  return undefined;
}

export class RequestCookies {
  readonly #header: string;
  readonly #read = new Map<string, string | undefined>();

  constructor(header: string | null) {
    this.#header = header ?? '';
  }

  get present(): boolean {
    return this.#header.length > 0;
  }

  /** Parses only the named cookie: a request carries many, the hot path reads two. */
  get(name: string): string | undefined {
    if (!this.#header) return undefined;
    if (!this.#read.has(name)) this.#read.set(name, readCookie(this.#header, name));
    return this.#read.get(name);
  }
}

export type CookieAttributes = Omit<CookieOptions, 'prefix' | 'partitioned'>;

/** Per frozen attribute set, per cookie name: what Hono's serialiser writes after the value. */
const attributeTexts = new WeakMap<CookieAttributes, Map<string, string>>();

/**
 * `; Max-Age=…; Path=/; HttpOnly; …` as Hono writes it for `name`, its checks included (a name's
 * prefix may require Secure). A frozen set without `expires` always gives the same text, so it is
 * written once: the session cookies are set on every get-session that reads the database.
 */
function attributeText(name: string, attributes: CookieAttributes): string {
  const fixed = Object.isFrozen(attributes) && attributes.expires === undefined;
  const byName = fixed ? attributeTexts.get(attributes) : undefined;
  let text = byName?.get(name);
  if (text === undefined) {
    text = serialize(name, '', attributes as CookieOptions).slice(name.length + 1);
    if (fixed) {
      if (byName) byName.set(name, text);
      else attributeTexts.set(attributes, new Map([[name, text]]));
    }
  }
  return text;
}

export class ResponseCookies {
  readonly #set = new Map<string, string>();

  /** A later set of the same name replaces the earlier one: the response carries one header per cookie. */
  set(name: string, value: string, attributes: CookieAttributes): void {
    // Hono's serialize is `name=encodeURIComponent(value)` followed by the attributes.
    this.#set.set(name, `${name}=${encodeURIComponent(value)}${attributeText(name, attributes)}`);
  }

  delete(name: string, attributes: CookieAttributes): void {
    this.set(name, '', { ...attributes, maxAge: 0 });
  }

  get headers(): IterableIterator<string> {
    return this.#set.values();
  }

  get size(): number {
    return this.#set.size;
  }
}
