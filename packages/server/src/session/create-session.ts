/**
 * @module Starting a session: a fresh CSPRNG token whose SHA-256 digest is all the database keeps,
 * the client's address and agent, and the cookies.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { randomString } from '../crypto/random';
import type { Session, User } from '../db/records';
import { isForeignKeyViolation } from '../db/foreign-key-violation';
import { AuthError, ERRORS, type ErrorEntry } from '../endpoint/errors';
import type { ResponseCookies } from '../http/cookies';
import { DEFAULTS } from '../auth/options';
import { beforeCreateSession } from '../plugin/run-hooks';
import type { CurrentSession } from './current-session';
import { setCookieCache } from './cookie-cache';
import { setSessionTokenCookie } from './session-cookies';
import type { RequestHeaders } from '../http/transport';
import { userAgentOf } from '../http/user-agent';

export interface SessionOrigin {
  auth: AuthContext;
  cookies: ResponseCookies;
  headers: RequestHeaders;
  clientIp: string | undefined;
}

/**
 * The session each call created, by the call's response cookies (one object per call): how the
 * endpoint runner tells that a call signed someone in, whichever route or plugin did it, to run a
 * plugin's continuation (`PluginHooks.signInContinuation`). A call creating two keeps the last.
 */
const createdInCall = new WeakMap<ResponseCookies, CurrentSession>();

/** The session this call (known by its response cookies) created, if it created one. */
export function sessionCreatedIn(cookies: ResponseCookies): CurrentSession | undefined {
  return createdInCall.get(cookies);
}

export async function createSession(
  { auth, cookies, headers, clientIp }: SessionOrigin,
  user: User,
  {
    dontRemember = false,
    expiresIn,
    fields = {},
  }: {
    dontRemember?: boolean;
    /** Seconds; the configured session lifetime by default (an impersonation session is shorter). */
    expiresIn?: number;
    /** Plugin columns of the session (impersonatedBy, say). */
    fields?: Record<string, unknown>;
  } = {},
): Promise<CurrentSession> {
  // Plugins may refuse (a banned user) whatever the way in: sign-in, sign-up, verification link…
  await beforeCreateSession(auth, user);
  const now = auth.now();
  const token = randomString(DEFAULTS.sessionTokenLength);
  const lifetime = expiresIn ?? (dontRemember ? DEFAULTS.dontRememberSessionExpiresIn : auth.options.session.expiresIn);
  // Plugin columns not given are null, as a database read would answer them.
  const extra: Record<string, unknown> = {};
  for (const name of auth.fields.session.keys()) extra[name] = fields[name] ?? null;
  const session: Session = {
    ...extra,
    id: randomString(DEFAULTS.idLength),
    token: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    createdAt: now,
    updatedAt: now,
    ipAddress: clientIp ?? null,
    userAgent: userAgentOf(headers),
  };
  try {
    await auth.sessions.create(session);
  } catch (cause) {
    // The user was removed (by an admin, or their own deletion) after the caller read it: the race
    // is the user's absence, not a fault of ours, and must not answer 500 (hostile load made it
    // happen by the thousand). Callers that sign in answer it as their credential failure (see
    // isUserGoneError); anything else (the database away, a bug) stays a 500.
    throw new AuthError(isForeignKeyViolation(cause) ? ERRORS.userNotFound : ERRORS.failedToCreateSession, { cause });
  }
  setSessionTokenCookie(auth, cookies, token, dontRemember);
  if (auth.options.session.cookieCache.enabled) setCookieCache(auth, cookies, token, session, user);
  const current = { session, user, token };
  createdInCall.set(cookies, current);
  return current;
}

/** createSession's refusal when its user was removed meanwhile (a foreign-key violation at the insert). */
export function isUserGoneError(error: unknown): boolean {
  return error instanceof AuthError && error.entry === ERRORS.userNotFound && isForeignKeyViolation(error.cause);
}

/**
 * For a sign-in's `.catch`: a user removed between the credential check and the session answers as
 * a user that never existed (`failure`, the route's own credential failure), so the race neither
 * answers 500 nor tells an attacker more than a wrong password would.
 */
export function userGoneAs(failure: ErrorEntry): (error: unknown) => never {
  return (error) => {
    throw isUserGoneError(error) ? new AuthError(failure, { cause: error }) : error;
  };
}
