/**
 * @module Where the authorization sends the browser next, as better-auth answers it
 * (`handleRedirect`): a page's script calling by fetch (`Sec-Fetch-Mode: cors`) or asking for JSON
 * gets `{redirect: true, url}` and navigates itself; a navigation gets the 302. Every target is one
 * the plugin built: a registered redirect URI, its own page, or the server's error page.
 */
import type { PluginHost, RequestHeaders } from '../../../plugin';
import type { OAuthErrorCode } from '../oauth-error';

export interface RedirectAnswer {
  readonly redirect: true;
  readonly url: string;
}

export function answerRedirect(headers: RequestHeaders, url: string): RedirectAnswer | Response {
  const fromScript =
    headers.get('sec-fetch-mode') === 'cors' || (headers.get('accept') ?? '').includes('application/json');
  if (fromScript) return { redirect: true, url };
  // Never cached: the location carries a one-time code.
  return new Response(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } });
}

/** RFC 6749 §4.1.2.1: the error on the client's redirect URI, with `state` and `iss` (RFC 9207). */
export function clientErrorUrl(
  redirectUri: string,
  error: OAuthErrorCode,
  description: string,
  state: string | null,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/**
 * The server's own error page (GET /error), for a request whose client or redirect URI cannot be
 * trusted: RFC 6749 §4.1.2.1 forbids sending the browser to an unverified redirect URI, which would
 * make the server an open redirector.
 */
export function errorPageUrl(auth: PluginHost, error: string, description: string): string {
  const url = new URL(`${auth.options.baseURL}${auth.options.basePath}/error`);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  return url.href;
}
