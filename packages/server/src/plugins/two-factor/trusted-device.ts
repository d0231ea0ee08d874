/**
 * @module The trusted-device cookie (`trust_device`, better-auth's name; 30 days by default, SPEC
 * §9): a browser that finished a second step with `trustDevice` skips it at its next sign-ins. The
 * signed cookie holds a random token; the `trustedDevice` row holding its digest is what the server
 * trusts, with what the user needs to recognise the browser in the list (user agent, address,
 * dates). Each use replaces the token and restarts the 30 days, as better-auth does: the row keeps
 * its id, so the list's entry stays the same browser. Disabling two-factor forgets every one.
 */
import {
  DEFAULTS,
  clearCookieToken,
  hasCookieToken,
  mintCookieToken,
  randomString,
  readCookieTokenKey,
  sendCookieToken,
  type PluginHost,
  type CookieScope,
  type RequestHeaders,
  userAgentOf,
} from '../../plugin';
import { twoFactorSchema, type TrustedDeviceTable } from './schema';

export const TRUST_DEVICE_COOKIE = 'trust_device';
const KIND = { cookie: TRUST_DEVICE_COOKIE, purpose: 'trust-device' } as const;

/** What a trusted browser is recognised by: the request that trusts or uses it. */
export interface DeviceScope extends CookieScope {
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
}

function seenFrom(scope: DeviceScope) {
  return {
    userAgent: userAgentOf(scope.headers),
    ipAddress: scope.clientIp ?? null,
  };
}

const expiryOf = (now: Date, maxAge: number) => new Date(now.getTime() + maxAge * 1000);

export async function trustDevice(scope: DeviceScope, userId: string, maxAge: number): Promise<void> {
  const { auth } = scope;
  const { token, key } = mintCookieToken();
  const now = auth.now();
  await twoFactorSchema
    .db(auth)
    .insertInto('trustedDevice')
    .values({
      id: randomString(DEFAULTS.idLength),
      userId,
      tokenHash: key,
      ...seenFrom(scope),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: expiryOf(now, maxAge),
    })
    .execute();
  sendCookieToken(scope, KIND, token, maxAge);
}

/**
 * Whether the browser is trusted for `userId`; if so its token is replaced by a fresh one in one
 * conditional update, so that of two copies of the cookie used at once only one wins, and a copy
 * stops working once either is used. A cookie that does not hold is cleared.
 */
export async function useTrustedDevice(scope: DeviceScope, userId: string, maxAge: number): Promise<boolean> {
  const { auth } = scope;
  if (!hasCookieToken(scope, KIND)) return false;
  const key = readCookieTokenKey(scope, KIND);
  const db = twoFactorSchema.db(auth);
  const row = key
    ? await db.selectFrom('trustedDevice').selectAll().where('tokenHash', '=', key).executeTakeFirst()
    : undefined;
  const now = auth.now();
  if (!key || !row || row.userId !== userId || new Date(row.expiresAt) <= now) {
    clearCookieToken(scope, KIND);
    return false;
  }
  const next = mintCookieToken();
  const result = await db
    .updateTable('trustedDevice')
    .set({ tokenHash: next.key, ...seenFrom(scope), lastUsedAt: now, expiresAt: expiryOf(now, maxAge) })
    .where('id', '=', row.id)
    .where('tokenHash', '=', key)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) {
    clearCookieToken(scope, KIND);
    return false;
  }
  sendCookieToken(scope, KIND, next.token, maxAge);
  return true;
}

/** The digest naming the request's trusted browser, if it sends a genuine cookie. */
export function currentDeviceKey(scope: CookieScope): string | null {
  return readCookieTokenKey(scope, KIND);
}

export function clearTrustedDeviceCookie(scope: CookieScope): void {
  if (hasCookieToken(scope, KIND)) clearCookieToken(scope, KIND);
}

/** The user's unexpired trusted browsers, most recently used first. */
export async function listTrustedDevices(auth: PluginHost, userId: string): Promise<TrustedDeviceTable[]> {
  return twoFactorSchema
    .db(auth)
    .selectFrom('trustedDevice')
    .selectAll()
    .where('userId', '=', userId)
    .where('expiresAt', '>', auth.now())
    .orderBy('lastUsedAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one of the user's trusted browsers: its row, or null when the user has no such one. */
export async function forgetTrustedDevice(
  auth: PluginHost,
  userId: string,
  id: string,
): Promise<TrustedDeviceTable | null> {
  const db = twoFactorSchema.db(auth);
  const row = await db
    .selectFrom('trustedDevice')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db
    .deleteFrom('trustedDevice')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n ? row : null;
}

/** Forgets every browser trusted for the user (the request's own cookie is the caller's to clear). */
export async function forgetTrustedDevices(auth: PluginHost, userId: string): Promise<void> {
  await twoFactorSchema.db(auth).deleteFrom('trustedDevice').where('userId', '=', userId).execute();
}
