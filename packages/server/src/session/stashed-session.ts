/**
 * @module A session set aside while the browser uses another (an admin impersonating a user): its
 * token and "don't remember" choice, signed, in a cookie of the plugin's naming beside the session
 * cookies, and resumed later as it was. The engine writes every session cookie; a plugin names
 * the stash and decides when to resume it.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { signValue, unsignValue } from '../crypto/hmac';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { setCookieCache } from './cookie-cache';
import type { CurrentSession } from './current-session-record';
import {
  clearCookie,
  readDontRemember,
  sessionCookieName,
  setSessionCookie,
  setSessionTokenCookie,
} from './session-cookies';

interface StashScope {
  readonly auth: AuthContext;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

export interface StashedSession {
  readonly current: CurrentSession;
  readonly dontRemember: boolean;
}

/**
 * Keeps `current` (the caller's session, before it is replaced) in the cookie `name` (prefixed as
 * the session cookies are: `latchkey.admin_session`), for as long as a session lasts.
 */
export function stashSession(ctx: StashScope, name: string, current: CurrentSession): void {
  const { auth } = ctx;
  // Tokens are alphanumeric, so `:` splits the value one way only.
  const dontRemember = readDontRemember(auth, ctx.requestCookies);
  const value = signValue(`${current.token}:${dontRemember ? 'true' : ''}`, auth.options.secret);
  setSessionCookie(auth, ctx.cookies, sessionCookieName(auth.options, name), value, auth.options.session.expiresIn);
}

/** The stashed session, if the cookie's signature holds and the session is still alive; writes nothing. */
export async function readStashedSession(ctx: StashScope, name: string): Promise<StashedSession | null> {
  const { auth } = ctx;
  const signed = ctx.requestCookies.get(sessionCookieName(auth.options, name));
  const value = signed === undefined ? null : unsignValue(signed, auth.options.secret);
  if (!value) return null;
  const [token = '', dontRemember] = value.split(':');
  if (!token) return null;
  const found = await auth.sessions.findWithUserByDigest(sha256Hex(token));
  if (!found || found.session.expiresAt <= auth.now()) return null;
  return { current: { ...found, token }, dontRemember: dontRemember === 'true' };
}

/** Signs the browser back in with the stashed session, and drops the stash. */
export function resumeStashedSession(ctx: StashScope, name: string, stashed: StashedSession): void {
  const { auth, cookies } = ctx;
  const { current, dontRemember } = stashed;
  setSessionTokenCookie(auth, cookies, current.token, dontRemember);
  if (auth.options.session.cookieCache.enabled)
    setCookieCache(auth, cookies, current.token, current.session, current.user);
  clearCookie(auth, cookies, sessionCookieName(auth.options, name));
}
