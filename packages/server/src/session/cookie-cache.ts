/**
 * @module The signed cookie cache (`session_data`): the get-session answer for up to
 * `cookieCache.maxAge` seconds without a database read. It holds the answer as JSON text, without
 * the token, so a cache hit answers by splicing the caller's token in: no parse, no date revival,
 * no re-serialisation (the objects are parsed only if some code reads them). What a hit must check
 * stands in clear before the text: the cache's expiry, the session's expiry and the user id.
 *
 * `<expiresAt>.<sessionExpiresAt>.<userId>.<answer>.<signature>`: times in base 36 (epoch ms), the
 * user id and the answer base64url, the signature HMAC-SHA256 (base64url) over the token and all
 * the rest. The signature covers the token too, so one HMAC on the hot path proves both that we
 * issued this cache and that it belongs to the token beside it: a cache cookie cannot vouch for
 * another session, and the token cookie's own signature need not be checked on a hit. Every part
 * is base64url or base 36, so the value needs no URL-encoding, and none is undone on every read.
 */
import type { AuthContext } from '../auth/context';
import { safeEqual, sha256Hex } from '../crypto/digest';
import { sign } from '../crypto/hmac';
import { dateFieldNames, type ExtraFields } from '../db/extra-fields';
import type { Session, User } from '../db/records';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { jsonRecord } from '../http/json-record';
import { DEFAULTS } from '../auth/options';
import { clearCookie, cookieNames, setSessionCookie } from './session-cookies';
import type { CurrentSession } from './current-session-record';
import { VerifiedCaches } from './verified-caches';

const ANSWER_START = '{"session":{';

/** `{session, user}` as JSON, the session without its token (the row's digest, never sent). */
export function tokenlessAnswer(session: Session, user: User): string {
  return JSON.stringify({ session: jsonRecord(session, 'token'), user: jsonRecord(user) });
}

/** The get-session answer's JSON: the caller's token first in the session. */
export function answerWithToken(tokenless: string, token: string): string {
  return `${ANSWER_START}"token":${JSON.stringify(token)},${tokenless.slice(ANSWER_START.length)}`;
}

/** Writes the cache for `token`; returns the tokenless answer it holds, for the caller to reuse. */
export function setCookieCache(
  auth: AuthContext,
  cookies: ResponseCookies,
  token: string,
  session: Session,
  user: User,
): string {
  const { options } = auth;
  const { maxAge } = options.session.cookieCache;
  const tokenless = tokenlessAnswer(session, user);
  const claims =
    `${(auth.now().getTime() + maxAge * 1000).toString(36)}.${session.expiresAt.getTime().toString(36)}.` +
    `${Buffer.from(user.id).toString('base64url')}.${Buffer.from(tokenless).toString('base64url')}`;
  const value = `${claims}.${sign(`${token}.${claims}`, options.secret, 'base64url')}`;
  const name = cookieNames(options).sessionData;
  if (value.length > DEFAULTS.cookieCacheSizeLimit) {
    auth.logger.warn({ size: value.length }, 'Session data is too large to store in the cookie');
    // An older, smaller cache in the browser would otherwise keep vouching for stale data.
    clearCookie(auth, cookies, name);
  } else {
    setSessionCookie(auth, cookies, name, value, maxAge);
  }
  return tokenless;
}

/**
 * The signed-in user's row changed (a profile, an address, two-factor): the cache, which
 * get-session answers from for up to its max age, must not keep showing the old one.
 */
export function refreshCachedUser(auth: AuthContext, cookies: ResponseCookies, current: CurrentSession, user: User) {
  if (auth.options.session.cookieCache.enabled) setCookieCache(auth, cookies, current.token, current.session, user);
}

/**
 * Another user's row changed in a way their browsers must see at once (an admin set their role,
 * banned or unbanned them): every cache issued for them up to now, on every instance, is read from
 * the database instead, which issues a fresh one. Without it a demoted admin's cache would keep
 * vouching for the old role for up to its max age: to the web app and better-auth clients, which
 * decide what to offer from get-session, and to any GET route that trusts the cache for a
 * permission (the admin routes read the database for that). Reuses the revocation notes
 * (revocations.ts): a note distrusts the caches, and the sessions it finds still in the database
 * carry on. Call it once the change has committed.
 */
export function forgetCachedUser(auth: AuthContext, userId: string): Promise<void> {
  return auth.revocations.revokeUser(userId);
}

export interface CachedSession {
  /** Epoch ms the cache was written at, for the revocation check. */
  issuedAt: number;
  /** Epoch ms the session itself expires at. */
  sessionExpiresAt: number;
  userId: string;
  /** The answer without the token (see tokenlessAnswer). */
  tokenless: string;
  /** The answer with the token of the cookie beside it (see answerWithToken). */
  answer: string;
}

/** Epoch ms the cache itself expires at, beside what it decodes to. */
type VerifiedCache = CachedSession & { readonly expiresAt: number };

/** One memo per options object: the secret it was verified under lives there. */
const verifiedByOptions = new WeakMap<object, VerifiedCaches<VerifiedCache>>();

function verifiedCaches(auth: AuthContext): VerifiedCaches<VerifiedCache> {
  let memo = verifiedByOptions.get(auth.options);
  if (!memo) verifiedByOptions.set(auth.options, (memo = new VerifiedCaches()));
  return memo;
}

/** The cache, if it was issued for `token` and is still fresh. */
export function readCookieCache(auth: AuthContext, cookies: RequestCookies, token: string): CachedSession | null {
  const value = cookies.get(cookieNames(auth.options).sessionData);
  if (!value) return null;
  const memo = verifiedCaches(auth);
  const known = memo.get(token, value);
  const cached = known ?? verify(auth, value, token);
  if (!cached || !(cached.expiresAt > auth.now().getTime())) return null;
  // Only fresh ones: an expired cache is never read from again, and would only take a place.
  if (!known) memo.add(token, value, cached);
  return cached;
}

/** The cache's claims, if its signature is the secret's over `token` and them. */
function verify(auth: AuthContext, value: string, token: string): VerifiedCache | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const claims = value.slice(0, dot);
  if (!safeEqual(value.slice(dot + 1), sign(`${token}.${claims}`, auth.options.secret, 'base64url'))) return null;
  const [expiresAt, sessionExpiresAt, userId, answer] = claims.split('.');
  if (answer === undefined) return null;
  const expires = parseInt(expiresAt ?? '', 36);
  const tokenless = Buffer.from(answer, 'base64url').toString();
  return {
    expiresAt: expires,
    issuedAt: expires - auth.options.session.cookieCache.maxAge * 1000,
    sessionExpiresAt: parseInt(sessionExpiresAt ?? '', 36),
    userId: Buffer.from(userId ?? '', 'base64url').toString(),
    tokenless,
    answer: answerWithToken(tokenless, token),
  };
}

/** Revived by name rather than with a JSON reviver, which would run for every key. */
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

/**
 * The current session a cache hit stands for. Its session and user are parsed on first read, once:
 * get-session never reads them, a guarded route does. The session's `token` is the row's digest,
 * as a session read from the database has it.
 */
export function cachedCurrentSession(auth: AuthContext, token: string, cached: CachedSession): CurrentSession {
  let parsed: { session: Session; user: User } | undefined;
  const parse = () => {
    if (!parsed) {
      const answer = JSON.parse(cached.tokenless) as { session: Session; user: User };
      const names = dateNames(auth.fields);
      reviveDates(answer.session, names.session);
      reviveDates(answer.user, names.user);
      answer.session.token = sha256Hex(token);
      parsed = answer;
    }
    return parsed;
  };
  return {
    token,
    tokenless: cached.tokenless,
    answer: cached.answer,
    get session() {
      return parse().session;
    },
    get user() {
      return parse().user;
    },
  };
}
