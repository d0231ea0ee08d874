/**
 * @module A verification row named by a random token that only a signed, httpOnly cookie of the
 * browser holds. The row is stored under `<purpose>:sha256(token)`, so neither a database dump nor
 * a forged cookie names it. Two-factor's pending sign-ins and passkey ceremonies keep their state
 * this way; each decides what an expired or missing row means. State that must be listed by user
 * keeps the digest in a plugin table instead (two-factor's trusted browsers): `mintCookieToken`,
 * `sendCookieToken` and `readCookieTokenKey` are the same steps without the verification row.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { signValue, unsignValue } from '../crypto/hmac';
import { randomString } from '../crypto/random';
import type { Verification } from '../db/verification-store';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { DEFAULTS } from '../auth/options';
import { clearCookie, sessionCookieName, setSessionCookie } from '../session/session-cookies';

export interface CookieScope {
  readonly auth: AuthContext;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

/** Where a kind of token lives: its cookie (`<prefix>.<cookie>`) and its rows' identifier prefix. */
export interface CookieTokenKind {
  readonly cookie: string;
  readonly purpose: string;
}

export interface FoundCookieToken {
  readonly row: Verification;
  /** The token's digest: names what else is attached to it (a mailed code). */
  readonly key: string;
}

const cookieNameOf = (auth: AuthContext, kind: CookieTokenKind) => sessionCookieName(auth.options, kind.cookie);

/** Stores `value` for `lifetime` seconds and gives the browser the token naming it. */
export async function issueCookieToken(
  scope: CookieScope,
  kind: CookieTokenKind,
  value: string,
  lifetime: number,
): Promise<void> {
  const { auth } = scope;
  const minted = mintCookieToken();
  const now = auth.now();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: `${kind.purpose}:${minted.key}`,
    value,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    createdAt: now,
  });
  sendCookieToken(scope, kind, minted.token, lifetime);
}

/**
 * A fresh token and its digest, for state kept elsewhere than in a verification row (a plugin's
 * table): store `key`, then `sendCookieToken` the token once the row says it holds.
 */
export function mintCookieToken(): { token: string; key: string } {
  const token = randomString(DEFAULTS.sessionTokenLength);
  return { token, key: sha256Hex(token) };
}

/** Gives the browser the signed token for `lifetime` seconds. */
export function sendCookieToken(scope: CookieScope, kind: CookieTokenKind, token: string, lifetime: number): void {
  const { auth } = scope;
  setSessionCookie(auth, scope.cookies, cookieNameOf(auth, kind), signValue(token, auth.options.secret), lifetime);
}

/** Whether the request carries the kind's cookie at all, signed or not. */
export function hasCookieToken(scope: CookieScope, kind: CookieTokenKind): boolean {
  return scope.requestCookies.get(cookieNameOf(scope.auth, kind)) !== undefined;
}

/** The digest of the token the request's cookie holds; null without a cookie or with a forged one. */
export function readCookieTokenKey(scope: CookieScope, kind: CookieTokenKind): string | null {
  const { auth } = scope;
  const signed = scope.requestCookies.get(cookieNameOf(auth, kind));
  const token = signed === undefined ? null : unsignValue(signed, auth.options.secret);
  return token ? sha256Hex(token) : null;
}

/** The row the request's cookie names; null without a cookie, with a forged one, or when no row is left. */
export async function findCookieToken(scope: CookieScope, kind: CookieTokenKind): Promise<FoundCookieToken | null> {
  const key = readCookieTokenKey(scope, kind);
  if (!key) return null;
  const row = await scope.auth.verifications.find(`${kind.purpose}:${key}`);
  return row ? { row, key } : null;
}

export function clearCookieToken(scope: CookieScope, kind: CookieTokenKind): void {
  clearCookie(scope.auth, scope.cookies, cookieNameOf(scope.auth, kind));
}
