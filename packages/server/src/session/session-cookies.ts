/**
 * @module The three session cookies: the signed token, the "don't remember me" marker and the
 * signed cookie cache. HttpOnly and SameSite=Lax always; Secure with the `__Secure-` prefix when
 * the base URL is https.
 */
import type { AuthContext } from '../context';
import { safeEqual } from '../crypto/digest';
import { sign, signValue, unsignValue } from '../crypto/hmac';
import { dateFieldNames, type ExtraFields } from '../db/extra-fields';
import type { User, Session } from '../db/records';
import type { RequestCookies, ResponseCookies, CookieAttributes } from '../http/cookies';
import { DEFAULTS, type ResolvedOptions } from '../options';

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

function attributes(options: ResolvedOptions, maxAge?: number): CookieAttributes {
  const base: CookieAttributes = { httpOnly: true, sameSite: 'Lax', path: '/', secure: options.secureCookies };
  return maxAge === undefined ? base : { ...base, maxAge: Math.min(maxAge, DEFAULTS.cookieMaxAgeCap) };
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

interface CachePayload {
  session: Session;
  user: User;
  /** Epoch ms; the cookie's own Max-Age is the browser's business, this is ours. */
  expiresAt: number;
}

/**
 * The cache's signature covers the session token too, so one HMAC on the hot path proves both that
 * we issued this cache and that it belongs to the token beside it: a cache cookie cannot vouch for
 * another session, and the token cookie's own signature need not be checked on a cache hit.
 * (The payload is base64url, without dots, so `token.payload` splits one way only.) The signature
 * is base64url too, so the whole value needs no URL-encoding, and none is undone on every read.
 */
function cacheSignature(token: string, encoded: string, secret: string): string {
  return sign(`${token}.${encoded}`, secret, 'base64url');
}

export function setCookieCache(
  auth: AuthContext,
  cookies: ResponseCookies,
  token: string,
  session: Session,
  user: User,
): void {
  const { options } = auth;
  const { maxAge } = options.session.cookieCache;
  const payload: CachePayload = { session, user, expiresAt: auth.now().getTime() + maxAge * 1000 };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const value = `${encoded}.${cacheSignature(token, encoded, options.secret)}`;
  const name = cookieNames(options).sessionData;
  // Measured as sent (base64url passes URL-encoding unchanged, but the limit is on what is sent).
  const size = encodeURIComponent(value).length;
  if (size > DEFAULTS.cookieCacheSizeLimit) {
    auth.logger.warn({ size }, 'Session data is too large to store in the cookie');
    // An older, smaller cache in the browser would otherwise keep vouching for stale data.
    cookies.delete(name, attributes(options));
    return;
  }
  cookies.set(name, value, attributes(options, maxAge));
}

/** Revived by name rather than with a JSON reviver, which would run for every key on the hot path. */
function reviveDates(revived: object, names: readonly string[]): void {
  const record = revived as Record<string, unknown>;
  for (const key of names) {
    const value = record[key];
    if (typeof value === 'string') record[key] = new Date(value);
  }
}

const dateNamesByFields = new WeakMap<ExtraFields, { user: string[]; session: string[] }>();

function dateNames(fields: ExtraFields): { user: string[]; session: string[] } {
  let names = dateNamesByFields.get(fields);
  if (!names) {
    names = { user: dateFieldNames(fields.user), session: dateFieldNames(fields.session) };
    dateNamesByFields.set(fields, names);
  }
  return names;
}

export interface CachedSession {
  session: Session;
  user: User;
  /** Epoch ms the cache was written at, for the revocation check. */
  issuedAt: number;
}

/** The cached session and user, if the cache was issued for `token` and is still fresh. */
export function readCookieCache(auth: AuthContext, cookies: RequestCookies, token: string): CachedSession | null {
  const value = cookies.get(cookieNames(auth.options).sessionData);
  const dot = value ? value.lastIndexOf('.') : -1;
  if (!value || dot < 1) return null;
  const encoded = value.slice(0, dot);
  if (!safeEqual(value.slice(dot + 1), cacheSignature(token, encoded, auth.options.secret))) return null;
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as CachePayload;
    if (!(payload.expiresAt > auth.now().getTime())) return null;
    const names = dateNames(auth.fields);
    reviveDates(payload.session, names.session);
    reviveDates(payload.user, names.user);
    return {
      session: payload.session,
      user: payload.user,
      issuedAt: payload.expiresAt - auth.options.session.cookieCache.maxAge * 1000,
    };
  } catch {
    return null;
  }
}

export function clearSessionCookies(auth: AuthContext, cookies: ResponseCookies): void {
  const names = cookieNames(auth.options);
  for (const name of [names.sessionToken, names.sessionData, names.dontRemember])
    cookies.delete(name, attributes(auth.options));
}
