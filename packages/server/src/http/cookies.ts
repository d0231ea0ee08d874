/**
 * @module Request cookies read lazily (get-session needs two at most), and the Set-Cookie headers
 * a response will carry. Parsing and serialising are Hono's.
 */
import { parse, serialize, type CookieOptions } from 'hono/utils/cookie';

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
    if (!this.#read.has(name)) this.#read.set(name, parse(this.#header, name)[name]);
    return this.#read.get(name);
  }
}

export type CookieAttributes = Omit<CookieOptions, 'prefix' | 'partitioned'>;

export class ResponseCookies {
  readonly #set = new Map<string, string>();

  /** A later set of the same name replaces the earlier one: the response carries one header per cookie. */
  set(name: string, value: string, attributes: CookieAttributes): void {
    this.#set.set(name, serialize(name, value, attributes as CookieOptions));
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
