/**
 * @module The pending sign-in of a user with two-factor on: a verification row
 * (`two-factor:<digest>`, value `userId:remember|forget`) named by a random token that only the
 * signed `two_factor` cookie holds (better-auth's name, ten minutes). The row is taken (deleted)
 * when the second step succeeds, so one challenge yields one session even under parallel use.
 */
import {
  AuthError,
  DEFAULTS,
  clearCookieToken,
  findCookieToken,
  issueCookieToken,
  type CookieScope,
  type User,
} from '../../plugin-api';
import { TWO_FACTOR_ERRORS } from './errors';

export const TWO_FACTOR_COOKIE = 'two_factor';
const KIND = { cookie: TWO_FACTOR_COOKIE, purpose: 'two-factor' } as const;

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
  const value = `${userId}:${dontRemember ? 'forget' : 'remember'}`;
  await issueCookieToken(scope, KIND, value, DEFAULTS.twoFactorChallengeExpiresIn);
}

/** The challenge the request's cookie names, alive; else the invalid-cookie error. */
export async function readChallenge(scope: CookieScope): Promise<Challenge> {
  const { auth } = scope;
  const found = await findCookieToken(scope, KIND);
  if (!found || found.row.expiresAt <= auth.now()) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  const { row, key } = found;
  const [userId = '', remember] = row.value.split(':');
  const user = await auth.users.findById(userId);
  if (!user) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  return { id: row.id, key, user, dontRemember: remember === 'forget', expiresAt: row.expiresAt };
}

/** Ends the challenge; only the caller whose delete removed it may create the session. */
export async function takeChallenge(scope: CookieScope, challenge: Challenge): Promise<void> {
  clearCookieToken(scope, KIND);
  if (!(await scope.auth.verifications.take(challenge.id)))
    throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
}
