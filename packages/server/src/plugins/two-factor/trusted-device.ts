/**
 * @module The trusted-device cookie (`trust_device`, better-auth's name; 30 days by default, SPEC
 * §9): a browser that finished a second step with `trustDevice` skips it at its next sign-ins. The
 * signed cookie holds a random token; the verification row `trust-device:<digest>` (value: the user
 * id) is what the server trusts, so disabling two-factor forgets every trusted browser. Each use
 * replaces the token and restarts the 30 days, as better-auth does.
 */
import {
  DEFAULTS,
  clearCookie,
  randomString,
  sessionCookieName,
  setSessionCookie,
  sha256Hex,
  signValue,
  unsignValue,
  type AuthContext,
  type RequestCookies,
  type ResponseCookies,
} from '../../plugin-api';
import { twoFactorSchema } from './schema';

export const TRUST_DEVICE_COOKIE = 'trust_device';
const PURPOSE = 'trust-device';

interface CookieScope {
  readonly auth: AuthContext;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

export async function trustDevice(scope: CookieScope, userId: string, maxAge: number): Promise<void> {
  const { auth } = scope;
  const token = randomString(DEFAULTS.sessionTokenLength);
  const now = auth.now();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: `${PURPOSE}:${sha256Hex(token)}`,
    value: userId,
    expiresAt: new Date(now.getTime() + maxAge * 1000),
    createdAt: now,
  });
  setSessionCookie(auth, scope.cookies, cookieName(auth), signValue(token, auth.options.secret), maxAge);
}

/**
 * Whether the browser is trusted for `userId`; if so its token is replaced by a fresh one, the
 * old one taken so that a copy of the cookie stops working once either is used. A cookie that
 * does not hold is cleared.
 */
export async function useTrustedDevice(scope: CookieScope, userId: string, maxAge: number): Promise<boolean> {
  const { auth } = scope;
  const signed = scope.requestCookies.get(cookieName(auth));
  if (signed === undefined) return false;
  const token = unsignValue(signed, auth.options.secret);
  const row = token ? await auth.verifications.find(`${PURPOSE}:${sha256Hex(token)}`) : null;
  if (!row || row.value !== userId || row.expiresAt <= auth.now() || !(await auth.verifications.take(row.id))) {
    clearCookie(auth, scope.cookies, cookieName(auth));
    return false;
  }
  await trustDevice(scope, userId, maxAge);
  return true;
}

/** Forgets every browser trusted for the user, and this one's cookie. */
export async function forgetTrustedDevices(scope: CookieScope, userId: string): Promise<void> {
  const { auth } = scope;
  await twoFactorSchema
    .db(auth)
    .deleteFrom('verification')
    .where('identifier', 'like', `${PURPOSE}:%`)
    .where('value', '=', userId)
    .execute();
  if (scope.requestCookies.get(cookieName(auth)) !== undefined) clearCookie(auth, scope.cookies, cookieName(auth));
}

function cookieName(auth: AuthContext): string {
  return sessionCookieName(auth.options, TRUST_DEVICE_COOKIE);
}
