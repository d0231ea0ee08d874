/**
 * @module The pending sign-in of a user with two-factor on: a verification row
 * (`two-factor:<digest>`, value `userId:remember|forget`) named by a random token that only the
 * signed `two_factor` cookie holds (better-auth's name, ten minutes). The row is taken (deleted)
 * when the second step succeeds, so one challenge yields one session even under parallel use.
 */
import {
  AuthError,
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
  type User,
} from '../../plugin-api';
import { TWO_FACTOR_ERRORS } from './errors';

export const TWO_FACTOR_COOKIE = 'two_factor';
const PURPOSE = 'two-factor';

interface CookieScope {
  readonly auth: AuthContext;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

export interface Challenge {
  /** The verification row's id, taken on success. */
  readonly id: string;
  /** Names the challenge for what is attached to it (a mailed code). */
  readonly key: string;
  readonly user: User;
  readonly dontRemember: boolean;
  readonly expiresAt: Date;
}

export async function startChallenge(scope: CookieScope, userId: string, dontRemember: boolean): Promise<void> {
  const { auth } = scope;
  const token = randomString(DEFAULTS.sessionTokenLength);
  const now = auth.now();
  const lifetime = DEFAULTS.twoFactorChallengeExpiresIn;
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: `${PURPOSE}:${sha256Hex(token)}`,
    value: `${userId}:${dontRemember ? 'forget' : 'remember'}`,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    createdAt: now,
  });
  setSessionCookie(auth, scope.cookies, cookieName(auth), signValue(token, auth.options.secret), lifetime);
}

/** The challenge the request's cookie names, alive; else the invalid-cookie error. */
export async function readChallenge(scope: CookieScope): Promise<Challenge> {
  const { auth } = scope;
  const signed = scope.requestCookies.get(cookieName(auth));
  const token = signed === undefined ? null : unsignValue(signed, auth.options.secret);
  if (!token) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  const key = sha256Hex(token);
  const row = await auth.verifications.find(`${PURPOSE}:${key}`);
  if (!row || row.expiresAt <= auth.now()) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  const [userId = '', remember] = row.value.split(':');
  const user = await auth.users.findById(userId);
  if (!user) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  return { id: row.id, key, user, dontRemember: remember === 'forget', expiresAt: row.expiresAt };
}

/** Ends the challenge; only the caller whose delete removed it may create the session. */
export async function takeChallenge(scope: CookieScope, challenge: Challenge): Promise<void> {
  clearCookie(scope.auth, scope.cookies, cookieName(scope.auth));
  if (!(await scope.auth.verifications.take(challenge.id)))
    throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
}

function cookieName(auth: AuthContext): string {
  return sessionCookieName(auth.options, TWO_FACTOR_COOKIE);
}
