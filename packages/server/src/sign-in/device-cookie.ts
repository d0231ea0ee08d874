/**
 * @module The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that signed in to an account with its password is given a signed cookie naming that
 * account, by digest, and a random nonce. While strangers' guesses hold the account locked, a
 * sign-in from that browser is still evaluated, throttled under its nonce alone.
 *
 * One cookie per browser, for the account of its latest password sign-in, with a new nonce each
 * time. Nothing is stored but a nonce's failure count, so the expiry is signed into the value too:
 * a cookie replayed after its 30 days gives nothing. A stolen cookie buys its holder the device's
 * small budget against that one account, no more.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { signValue, unsignValue } from '../crypto/hmac';
import { randomString } from '../crypto/random';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { DEFAULTS, type ResolvedOptions } from '../auth/options';

const NONCE_LENGTH = 32;

export interface DeviceCookie {
  /** Names the device's own failure count and lock. */
  nonce: string;
  /** Whether the cookie was issued by a sign-in to this account: another account's gives nothing. */
  isFor(userId: string): boolean;
}

const namesByOptions = new WeakMap<ResolvedOptions, string>();

/** `<prefix>.device`, prefixed `__Secure-` when the session cookies are. */
export function deviceCookieName(options: ResolvedOptions): string {
  let name = namesByOptions.get(options);
  if (name === undefined) {
    name = `${options.secureCookies ? '__Secure-' : ''}${options.cookiePrefix}.device`;
    namesByOptions.set(options, name);
  }
  return name;
}

/** The account by digest: the cookie need not carry a user id in clear. */
function accountTag(userId: string): string {
  return sha256Hex(userId);
}

/** After a successful password sign-in: this browser is trusted for the account from now on. */
export function setDeviceCookie(auth: AuthContext, cookies: ResponseCookies, userId: string): void {
  const { options } = auth;
  const maxAge = Math.min(DEFAULTS.trustedDeviceCookieMaxAge, DEFAULTS.cookieMaxAgeCap);
  const expiresAt = auth.now().getTime() + maxAge * 1000;
  const payload = `${randomString(NONCE_LENGTH)}.${expiresAt}.${accountTag(userId)}`;
  cookies.set(deviceCookieName(options), signValue(payload, options.secret), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: options.secureCookies,
    maxAge,
  });
}

/** The request's device cookie if we signed it and it has not expired, whichever account it names. */
export function readDeviceCookie(auth: AuthContext, cookies: RequestCookies): DeviceCookie | null {
  const signed = cookies.get(deviceCookieName(auth.options));
  const payload = signed === undefined ? null : unsignValue(signed, auth.options.secret);
  const [nonce, expiresAt, tag, ...rest] = payload?.split('.') ?? [];
  if (nonce === undefined || tag === undefined || rest.length > 0) return null;
  if (!(Number(expiresAt) > auth.now().getTime())) return null;
  return { nonce, isFor: (userId) => tag === accountTag(userId) };
}
