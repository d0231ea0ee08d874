/**
 * @module The three session cookies: the signed token, the "don't remember me" marker and the
 * signed cookie cache (its value is cookie-cache.ts's). HttpOnly and SameSite=Lax always; Secure with the `__Secure-` prefix when
 * the base URL is https.
 */
import type { AuthContext } from '../auth/context';
import { signValue, unsignValue } from '../crypto/hmac';
import type { RequestCookies, ResponseCookies, CookieAttributes } from '../http/cookies';
import { DEFAULTS, type ResolvedOptions } from '../auth/options';

export interface CookieNames {
  sessionToken: string;
  sessionData: string;
  dontRemember: string;
}

const namesByOptions = new WeakMap<ResolvedOptions, CookieNames>();

export function cookieNames(options: ResolvedOptions): CookieNames {
  let names = namesByOptions.get(options);
  if (!names) {
    names = {
      sessionToken: sessionCookieName(options, 'session_token'),
      sessionData: sessionCookieName(options, 'session_data'),
      dontRemember: sessionCookieName(options, 'dont_remember'),
    };
    namesByOptions.set(options, names);
  }
  return names;
}

/** `name` with the prefixes of the session cookies (`__Secure-` on https, the cookie prefix). */
export function sessionCookieName(options: ResolvedOptions, name: string): string {
  return `${options.secureCookies ? '__Secure-' : ''}${options.cookiePrefix}.${name}`;
}

/** A cookie beside the session's, with its attributes; Max-Age in seconds, capped as theirs is. */
export function setSessionCookie(
  auth: AuthContext,
  cookies: ResponseCookies,
  name: string,
  value: string,
  maxAge: number,
): void {
  cookies.set(name, value, attributes(auth.options, maxAge));
}

export function clearCookie(auth: AuthContext, cookies: ResponseCookies, name: string): void {
  cookies.delete(name, attributes(auth.options));
}

const MAX_KEPT_LIFETIMES = 32;
const attributesByOptions = new WeakMap<ResolvedOptions, Map<number | undefined, CookieAttributes>>();

/** Frozen and made once per options and max age, so the cookie writer can keep its text (http/cookies.ts). */
function attributes(options: ResolvedOptions, maxAge?: number): CookieAttributes {
  let byMaxAge = attributesByOptions.get(options);
  if (!byMaxAge) attributesByOptions.set(options, (byMaxAge = new Map()));
  let made = byMaxAge.get(maxAge);
  if (!made) {
    const base: CookieAttributes = { httpOnly: true, sameSite: 'Lax', path: '/', secure: options.secureCookies };
    made = Object.freeze(maxAge === undefined ? base : { ...base, maxAge: Math.min(maxAge, DEFAULTS.cookieMaxAgeCap) });
    // Lifetimes come from the options, a handful; a caller with its own would not grow this unbounded.
    if (byMaxAge.size < MAX_KEPT_LIFETIMES) byMaxAge.set(maxAge, made);
  }
  return made;
}

/** Without remember-me the token cookie has no Max-Age: it ends with the browser session. */
export function setSessionTokenCookie(
  auth: AuthContext,
  cookies: ResponseCookies,
  token: string,
  dontRemember: boolean,
): void {
  const { options } = auth;
  const names = cookieNames(options);
  cookies.set(
    names.sessionToken,
    signValue(token, options.secret),
    attributes(options, dontRemember ? undefined : options.session.expiresIn),
  );
  // A remembered session must not inherit the marker of an earlier "don't remember" sign-in.
  if (dontRemember) cookies.set(names.dontRemember, signValue('true', options.secret), attributes(options));
  else cookies.delete(names.dontRemember, attributes(options));
}

export function readDontRemember(auth: AuthContext, cookies: RequestCookies): boolean {
  const signed = cookies.get(cookieNames(auth.options).dontRemember);
  return signed !== undefined && unsignValue(signed, auth.options.secret) === 'true';
}

export function clearSessionCookies(auth: Pick<AuthContext, 'options'>, cookies: ResponseCookies): void {
  const names = cookieNames(auth.options);
  for (const name of [names.sessionToken, names.sessionData, names.dontRemember])
    cookies.delete(name, attributes(auth.options));
}
