/**
 * @module The client's options and their defaults, resolved once and frozen (as the engine's
 * `options.ts` does): every call reads the same values.
 */

export interface RequestContext {
  url: string;
  init: RequestInit;
}

export interface ClientFetchOptions {
  headers?: HeadersInit;
  /** Extra attempts after a network failure or a 5xx answer. Default 0. */
  retry?: number;
  /** Milliseconds; the n-th retry waits `retryDelay × n`. Default 1000. */
  retryDelay?: number;
  /** Another fetch (a test's cookie jar, a server-side fetch with headers). */
  fetch?: typeof fetch;
  /** May return a changed request. */
  onRequest?(context: RequestContext): RequestContext | void | Promise<RequestContext | void>;
  /** Receives a clone: reading it does not consume the answer. */
  onResponse?(response: Response): void | Promise<void>;
}

export interface ClientOptions {
  /** The auth server's origin, e.g. `https://auth.example.com`. */
  baseURL: string;
  /** Default `/api/auth`, the engine's default. */
  basePath?: string;
  fetchOptions?: ClientFetchOptions;
}

export interface ResolvedClientOptions {
  readonly baseURL: string;
  readonly basePath: string;
  readonly headers: Headers;
  readonly retry: number;
  readonly retryDelay: number;
  readonly fetch: typeof fetch;
  readonly onRequest?: ClientFetchOptions['onRequest'];
  readonly onResponse?: ClientFetchOptions['onResponse'];
}

export const CLIENT_DEFAULTS = Object.freeze({ basePath: '/api/auth', retry: 0, retryDelay: 1000 });

export function resolveClientOptions({ baseURL, basePath, fetchOptions = {} }: ClientOptions): ResolvedClientOptions {
  const trimmedBase = (basePath ?? CLIENT_DEFAULTS.basePath).replace(/\/+$/, '');
  return Object.freeze({
    baseURL: baseURL.replace(/\/+$/, ''),
    basePath: trimmedBase && !trimmedBase.startsWith('/') ? `/${trimmedBase}` : trimmedBase,
    headers: new Headers(fetchOptions.headers),
    retry: fetchOptions.retry ?? CLIENT_DEFAULTS.retry,
    retryDelay: fetchOptions.retryDelay ?? CLIENT_DEFAULTS.retryDelay,
    // Looked up at call time: tests and polyfills may replace the global after the client exists.
    fetch: fetchOptions.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    onRequest: fetchOptions.onRequest,
    onResponse: fetchOptions.onResponse,
  });
}
