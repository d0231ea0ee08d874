/**
 * @module The signed authorization request that the OAuth provider puts in the address of the
 * sign-in, sign-up and consent pages (`?client_id=…&ba_param=…&sig=…`), and what those pages
 * send back as `oauth_query` so that the server resumes exactly that request. Only the parameters
 * the signature covers are sent (better-auth's `buildSignedOAuthQuery`): `ba_param` names them, so
 * what the app adds to the address (`redirectTo`) cannot break the signature.
 */

const SIGNATURE = 'sig';
const SIGNED_NAMES = 'ba_param';

/** The page's signed authorization request, as the `oauth_query` body field; null without one. */
export function signedOAuthQueryOf(params: URLSearchParams): string | null {
  if (!params.has(SIGNATURE)) return null;
  const names = new Set(params.getAll(SIGNED_NAMES));
  if (names.size === 0) return null;
  const signed = new URLSearchParams();
  for (const [name, value] of params) {
    if (name === SIGNATURE || name === SIGNED_NAMES || names.has(name)) signed.append(name, value);
  }
  return signed.toString();
}

/** `input` with the signed request added to its body, when the page carries one. */
export function withOAuthQuery<T extends object>(input: T, oauthQuery: string | null | undefined): T {
  return oauthQuery ? { ...input, oauth_query: oauthQuery } : input;
}

/** `path` (which may have a query already) carrying the signed request on to the next page. */
export function keepOAuthQuery(path: string, oauthQuery: string | null | undefined): string {
  if (!oauthQuery) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${oauthQuery}`;
}

/**
 * Whether the request asks for a new authentication even from someone signed in (`prompt=login`,
 * `max_age`): then "continue as" would only come back to the sign-in page.
 */
export function needsNewSignIn(oauthQuery: string): boolean {
  const params = new URLSearchParams(oauthQuery);
  const prompts = (params.get('prompt') ?? '').split(' ');
  return prompts.includes('login') || prompts.includes('create') || params.has('max_age');
}

/** A call answered by the OAuth provider's next page (`{redirect: true, url}`), which the client follows. */
export function isOAuthRedirect(answer: unknown): answer is { redirect: true; url: string } {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { redirect?: unknown }).redirect === true &&
    typeof (answer as { url?: unknown }).url === 'string'
  );
}
