/**
 * @module The signed `oauth_query`: the authorization request's parameters carried in the login and
 * consent pages' URL, signed so that the page's later calls (sign-in, consent) resume exactly the
 * request this server checked. Byte for byte better-auth's (`signParams`, `verifyOAuthQueryParams`,
 * `canonicalizeOAuthQueryParams`): HMAC-SHA256 under the auth's secret over the parameters sorted
 * by name then value, standard base64; `exp` in seconds, `ba_iat` in milliseconds, every signed
 * name listed in `ba_param` so that better-auth's `oauthProviderClient()` forwards only those from
 * the page's URL (its `buildSignedOAuthQuery`), and `sig` last.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PluginHost } from '../../plugin';

const SIGNATURE = 'sig';
const EXPIRES = 'exp';
const ISSUED_AT = 'ba_iat';
const PARAMETER_NAMES = 'ba_param';
/** better-auth's post-login marker: only it may sign it, and we never do (no post-login pages). */
const POST_LOGIN_CLEARED = 'ba_pl';

/** What the signature covers: sorted by name, then by value, as UTF-16 code units compare. */
function canonical(params: URLSearchParams): string {
  const entries = [...params.entries()].sort(([keyA, valueA], [keyB, valueB]) =>
    keyA === keyB ? compare(valueA, valueB) : compare(keyA, keyB),
  );
  return new URLSearchParams(entries).toString();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** better-auth's makeSignature: HMAC-SHA256 keyed by the secret's UTF-8 bytes, standard base64. */
function signatureOf(auth: PluginHost, params: URLSearchParams): string {
  return createHmac('sha256', auth.options.secret).update(canonical(params)).digest('base64');
}

/** The page URL's query for `request`, good for `lifetime` seconds. */
export function signAuthorizationQuery(auth: PluginHost, request: URLSearchParams, lifetime: number): string {
  const params = new URLSearchParams(request);
  for (const reserved of [SIGNATURE, EXPIRES, ISSUED_AT, PARAMETER_NAMES, POST_LOGIN_CLEARED]) params.delete(reserved);
  const issuedAt = auth.now().getTime();
  params.set(EXPIRES, String(Math.floor(issuedAt / 1000) + lifetime));
  params.set(ISSUED_AT, String(issuedAt));
  for (const name of [...new Set([...params.keys(), PARAMETER_NAMES])].sort()) params.append(PARAMETER_NAMES, name);
  params.set(SIGNATURE, signatureOf(auth, params));
  return params.toString();
}

export interface VerifiedQuery {
  /** The authorization request's parameters, without the signature's own. */
  readonly request: URLSearchParams;
  /** When the page's link was signed: a session created after it is a fresh authentication. */
  readonly issuedAt: Date | null;
}

/** The request `oauthQuery` carries, or null when its signature does not verify or it has expired. */
export function verifySignedQuery(auth: PluginHost, oauthQuery: string): VerifiedQuery | null {
  const params = new URLSearchParams(oauthQuery);
  const signatures = params.getAll(SIGNATURE);
  // One signature only: a second `sig` must not let a forged value ride beside the genuine one.
  if (signatures.length !== 1) return null;
  params.delete(SIGNATURE);
  const expected = Buffer.from(signatureOf(auth, params));
  const given = Buffer.from(signatures[0]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // A link lives as long as a code would: an old page left open must not resume a stale request.
  const expires = Number(params.get(EXPIRES));
  if (!Number.isFinite(expires) || expires * 1000 < auth.now().getTime()) return null;
  const issuedAt = Number(params.get(ISSUED_AT));
  for (const own of [EXPIRES, ISSUED_AT, PARAMETER_NAMES, POST_LOGIN_CLEARED]) params.delete(own);
  return { request: params, issuedAt: Number.isFinite(issuedAt) && issuedAt > 0 ? new Date(issuedAt) : null };
}
