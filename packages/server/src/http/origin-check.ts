/**
 * @module CSRF defence. A state-changing request that carries cookies must come from a trusted
 * origin (its Origin header, else its Referer); sign-in and sign-up also check an Origin that is
 * sent without cookies, so a hostile page cannot sign a visitor into an attacker's account.
 */
import { AuthError, ERRORS } from '../errors';
import type { ResolvedOptions } from '../options';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(headers: Headers): string | null {
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

export function checkOrigin(
  options: ResolvedOptions,
  method: string,
  headers: Headers,
  { hasCookies, checkWithoutCookies }: { hasCookies: boolean; checkWithoutCookies: boolean },
): void {
  if (SAFE_METHODS.has(method)) return;
  if (!hasCookies && !(checkWithoutCookies && headers.has('origin'))) return;
  const origin = requestOrigin(headers);
  if (!origin) throw new AuthError(ERRORS.missingOrigin);
  if (!options.trustedOrigins.has(origin)) throw new AuthError(ERRORS.invalidOrigin);
}

/** A cookie-bearing POST must be JSON: an HTML form can only send urlencoded, multipart or text. */
export function checkContentType(method: string, headers: Headers, hasCookies: boolean): void {
  if (method !== 'POST' || !hasCookies) return;
  const type = headers.get('content-type');
  if (type !== null && !isJson(type)) throw new AuthError(ERRORS.unsupportedMediaType);
}

export function isJson(contentType: string): boolean {
  const mime = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}
