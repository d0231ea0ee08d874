/**
 * @module Reading the session a request carries: the hot path of every application behind
 * Latchkey. Verify the cookie's signature (no I/O), then the signed cookie cache or one indexed
 * query for session and user together; slide the expiry only when older than the update age.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { unsignValue } from '../crypto/hmac';
import type { Session, User } from '../db/records';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { withJsonText } from '../http/transport';
import { answerWithToken, cachedCurrentSession, readCookieCache, setCookieCache } from './cookie-cache';
import { clearSessionCookies, cookieNames, setSessionTokenCookie } from './session-cookies';
import type { CurrentSession } from './current-session-record';

export type { CurrentSession } from './current-session-record';

export interface ReadSessionOptions {
  disableCookieCache?: boolean;
  disableRefresh?: boolean;
}

export async function readCurrentSession(
  auth: AuthContext,
  requestCookies: RequestCookies,
  responseCookies: ResponseCookies,
  { disableCookieCache = false, disableRefresh = false }: ReadSessionOptions = {},
): Promise<CurrentSession | null> {
  const { options } = auth;
  const signed = requestCookies.get(cookieNames(options).sessionToken);
  if (!signed) return null;

  if (options.session.cookieCache.enabled && !disableCookieCache) {
    // Not yet verified: the cache's own signature covers the token (see setCookieCache).
    const claimedToken = signed.slice(0, signed.lastIndexOf('.'));
    const cached = readCookieCache(auth, requestCookies, claimedToken);
    if (
      cached &&
      cached.sessionExpiresAt > auth.now().getTime() &&
      !auth.revocations.isRevoked(cached.userId, cached.issuedAt)
    ) {
      return cachedCurrentSession(auth, claimedToken, cached);
    }
  }

  const token = unsignValue(signed, options.secret);
  if (!token) return null;
  const digest = sha256Hex(token);
  const found = await auth.sessions.findWithUserByDigest(digest);
  const now = auth.now();
  if (!found || found.session.expiresAt <= now) {
    if (found) await auth.sessions.deleteById(found.session.id, found.session.userId);
    clearSessionCookies(auth, responseCookies);
    return null;
  }

  const { session } = found;
  const { expiresIn, updateAge } = options.session;
  const lastRefreshed = session.expiresAt.getTime() - expiresIn * 1000;
  // A session made shorter than the configured lifetime ("don't remember me", impersonation) is
  // never slid: judged from the row itself, not from a marker cookie a client may not send.
  const fullLength = session.expiresAt.getTime() - session.createdAt.getTime() >= expiresIn * 1000;
  if (!disableRefresh && fullLength && lastRefreshed + updateAge * 1000 <= now.getTime()) {
    session.expiresAt = new Date(now.getTime() + expiresIn * 1000);
    session.updatedAt = now;
    await auth.sessions.extend(session.id, session.expiresAt, now);
    setSessionTokenCookie(auth, responseCookies, token, false);
  }
  const tokenless = options.session.cookieCache.enabled
    ? setCookieCache(auth, responseCookies, token, session, found.user)
    : undefined;
  return { session, user: found.user, token, tokenless };
}

/**
 * The wire shape better-auth clients expect: the session carries the caller's own token. When the
 * read left the answer's text, the router sends that instead of serialising the objects again.
 */
export function toSessionResponse(current: CurrentSession): { session: Session; user: User } {
  const { tokenless, token } = current;
  if (tokenless !== undefined) {
    // Objects only for auth.api callers: over HTTP the text is sent and they are never read.
    let shown: Session | undefined;
    const response = {
      get session() {
        return (shown ??= { ...current.session, token });
      },
      get user() {
        return current.user;
      },
    };
    return withJsonText(response, current.answer ?? answerWithToken(tokenless, token));
  }
  return { session: { ...current.session, token }, user: current.user };
}
