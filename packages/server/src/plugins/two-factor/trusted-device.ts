/**
 * @module The trusted-device cookie (`trust_device`, better-auth's name; 30 days by default, SPEC
 * §9): a browser that finished a second step with `trustDevice` skips it at its next sign-ins. The
 * signed cookie holds a random token; the verification row `trust-device:<digest>` (value: the user
 * id) is what the server trusts, so disabling two-factor forgets every trusted browser. Each use
 * replaces the token and restarts the 30 days, as better-auth does.
 */
import {
  clearCookieToken,
  findCookieToken,
  hasCookieToken,
  issueCookieToken,
  type CookieScope,
} from '../../plugin-api';
import { twoFactorSchema } from './schema';

export const TRUST_DEVICE_COOKIE = 'trust_device';
const PURPOSE = 'trust-device';
const KIND = { cookie: TRUST_DEVICE_COOKIE, purpose: PURPOSE } as const;

export async function trustDevice(scope: CookieScope, userId: string, maxAge: number): Promise<void> {
  await issueCookieToken(scope, KIND, userId, maxAge);
}

/**
 * Whether the browser is trusted for `userId`; if so its token is replaced by a fresh one, the
 * old one taken so that a copy of the cookie stops working once either is used. A cookie that
 * does not hold is cleared.
 */
export async function useTrustedDevice(scope: CookieScope, userId: string, maxAge: number): Promise<boolean> {
  const { auth } = scope;
  if (!hasCookieToken(scope, KIND)) return false;
  const row = (await findCookieToken(scope, KIND))?.row;
  if (!row || row.value !== userId || row.expiresAt <= auth.now() || !(await auth.verifications.take(row.id))) {
    clearCookieToken(scope, KIND);
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
  if (hasCookieToken(scope, KIND)) clearCookieToken(scope, KIND);
}
