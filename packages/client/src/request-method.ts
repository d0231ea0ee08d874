/**
 * @module Which HTTP method a call uses. The rule (better-auth's client convention):
 *
 * - The first argument is the call's input. Its `query` key is the query string and its
 *   `fetchOptions` key are per-call options; every other key is the JSON body.
 * - A call with a body is a POST; a call without one is a GET — except the routes below, which
 *   change state without taking a body (better-auth's client keeps the same list), and any call
 *   that names `method` in its options.
 *
 * So `client.signIn.email({ email, password })` POSTs `{ email, password }`,
 * `client.getSession({ query: { disableCookieCache: true } })` GETs `?disableCookieCache=true`, and
 * `client.signOut()` POSTs `{}`.
 */

export const POST_WITHOUT_BODY: ReadonlySet<string> = new Set([
  '/sign-out',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/admin/stop-impersonating',
  '/organization/leave',
  '/organization/set-active',
  '/organization/set-active-team',
]);

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

export function chooseMethod(path: string, body: unknown, override?: HttpMethod): HttpMethod {
  if (override) return override;
  return body !== undefined || POST_WITHOUT_BODY.has(path) ? 'POST' : 'GET';
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
