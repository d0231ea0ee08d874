/**
 * @module Strict-Transport-Security: once a browser has seen it over https, it never again speaks
 * plain http to this host (for max-age), so a network attacker cannot strip TLS off a later visit
 * (sslstrip) and read the session cookie or a reset link's token on the way. The header only counts
 * on an answer the browser got over https, so it is sent when the server is reached over https
 * (BASE_URL), and then on every answer: API answers, pages, errors and 404s alike, since whichever
 * answer a browser sees first is the one that must pin the host.
 */

/** One year, as HSTS preload lists ask; subdomains too, so none of them can be stripped and set cookies for this host. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const NONE: Readonly<Record<string, string>> = Object.freeze({});
const HSTS: Readonly<Record<string, string>> = Object.freeze({
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
});

/** The headers every answer carries, given where the server is reached: HSTS over https, none otherwise. */
export function transportSecurityHeaders(baseURL: string): Readonly<Record<string, string>> {
  return new URL(baseURL).protocol === 'https:' ? HSTS : NONE;
}
