/**
 * @module CSRF defence. A state-changing request that carries cookies must come from a trusted
 * origin (its Origin header, else its Referer). Sign-in and sign-up, which a hostile page could
 * use to sign a visitor into an attacker's account, are checked without cookies too, by
 * better-auth 1.7's rule: a browser says so through Fetch Metadata (`Sec-Fetch-*`), and then a
 * cross-site navigation is refused outright and the origin must be present and trusted; without
 * Fetch Metadata, an Origin or Referer that is sent must be trusted. Only a request with none of
 * them (a server-to-server call) passes unchecked.
 */
import { AuthError, ERRORS } from '../endpoint/errors';
import type { ResolvedOptions } from '../auth/options';
import type { RequestHeaders } from '../http/transport';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM = 'application/x-www-form-urlencoded';

function requestOrigin(headers: RequestHeaders): string | null {
  const origin = headers.get('origin');
  // `null` comes from sandboxed frames, data: URLs and privacy redirects: no origin to trust,
  // whatever Referer accompanies it.
  if (origin === 'null') return null;
  if (origin) return origin;
  const referer = headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

function requireTrustedOrigin(options: ResolvedOptions, headers: RequestHeaders): void {
  const origin = requestOrigin(headers);
  if (!origin) throw new AuthError(ERRORS.missingOrigin);
  if (!options.trustedOrigins.has(origin)) throw new AuthError(ERRORS.invalidOrigin);
}

function fetchMetadata(headers: RequestHeaders, name: 'site' | 'mode' | 'dest'): string {
  return (headers.get(`sec-fetch-${name}`) ?? '').trim().toLowerCase();
}

export function checkOrigin(
  options: ResolvedOptions,
  method: string,
  headers: RequestHeaders,
  { hasCookies, checkWithoutCookies }: { hasCookies: boolean; checkWithoutCookies: boolean },
): void {
  if (SAFE_METHODS.has(method)) return;
  if (hasCookies) return requireTrustedOrigin(options, headers);
  if (!checkWithoutCookies) return;

  const site = fetchMetadata(headers, 'site');
  const mode = fetchMetadata(headers, 'mode');
  if (site || mode || fetchMetadata(headers, 'dest')) {
    // A top-level form post from another site: the classic login CSRF, whatever origin it claims.
    if (site === 'cross-site' && mode === 'navigate') throw new AuthError(ERRORS.crossSiteNavigationLoginBlocked);
    // A browser that sends Fetch Metadata also sends Origin on a POST; one without it hid it.
    return requireTrustedOrigin(options, headers);
  }
  if (headers.get('origin') || headers.get('referer')) requireTrustedOrigin(options, headers);
}

/**
 * A POST body must be JSON, or an HTML form on the routes that take one (sign-in, sign-up); any
 * other declared type is refused whether or not the request carries cookies. Without cookies the
 * origin check above is what stops a cross-site form, and with them this stays a second line: a
 * form can only send urlencoded, multipart or text bodies.
 */
export function checkContentType(method: string, headers: RequestHeaders, acceptsForm: boolean): 'json' | 'form' {
  const type = headers.get('content-type');
  if (method !== 'POST' || type === null || isJson(type)) return 'json';
  if (acceptsForm && mediaType(type) === FORM) return 'form';
  throw new AuthError(acceptsForm ? ERRORS.unsupportedMediaTypeOrForm : ERRORS.unsupportedMediaType);
}

function mediaType(contentType: string): string {
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

export function isJson(contentType: string): boolean {
  const mime = mediaType(contentType);
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}
