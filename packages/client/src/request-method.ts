/**
 * @module Which HTTP method a call uses, and how its one argument splits (better-auth's client
 * convention):
 *
 * - The first argument is the call's input. Its `query` key is the query string and its
 *   `fetchOptions` key are per-call options; every other key is the JSON body.
 * - A route a client plugin declares is called with the method its endpoint has on the server
 *   (so `client.signOut()` POSTs `{}` without a body); `$fetch` of a path no plugin declares POSTs
 *   when there is a body and GETs otherwise. Naming `method` in the call's options overrides both.
 *
 * So `client.signIn.email({ email, password })` POSTs `{ email, password }` and
 * `client.getSession({ query: { disableCookieCache: true } })` GETs `?disableCookieCache=true`.
 */

export type HttpMethod = 'GET' | 'POST';

export interface SplitInput {
  body: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  fetchOptions: Record<string, unknown> | undefined;
}

/** Separates `{ query, fetchOptions, ...body }`; an empty body counts as none. */
export function splitInput(input: unknown): SplitInput {
  if (!input || typeof input !== 'object') return { body: undefined, query: undefined, fetchOptions: undefined };
  const { query, fetchOptions, ...body } = input as Record<string, unknown>;
  return {
    body: Object.keys(body).length > 0 ? body : undefined,
    query: query as Record<string, unknown> | undefined,
    fetchOptions: fetchOptions as Record<string, unknown> | undefined,
  };
}

/** `declared` is the route's method when a plugin declares the route. */
export function chooseMethod(declared: HttpMethod | undefined, body: unknown, override?: HttpMethod): HttpMethod {
  return override ?? declared ?? (body !== undefined ? 'POST' : 'GET');
}

/** `undefined` values are left out; arrays repeat the key; everything else is stringified. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(
        key,
        item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item),
      );
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
