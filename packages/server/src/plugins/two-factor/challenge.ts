/**
 * @module The pending sign-in of a user with two-factor on: a verification row
 * (`two-factor:<digest>`, value `userId:remember|forget:tries`) named by a random token that only
 * the signed `two_factor` cookie holds (better-auth's name, ten minutes). The row is taken (deleted)
 * when the second step succeeds, so one challenge yields one session even under parallel use, and
 * when its tries are spent, so a copy of the cookie is dead too.
 */
import {
  AuthError,
  clearCookieToken,
  findCookieToken,
  issueCookieToken,
  type CookieScope,
  type User,
} from '../../plugin';
import { TWO_FACTOR_ERRORS } from './errors';
import { TWO_FACTOR_DEFAULTS } from './options';

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
  /** The row's value as read: the count of tries is swapped from it. */
  readonly value: string;
}

/** `userId:remember|forget:tries`; rows written before the count existed read as no tries yet. */
function parseValue(value: string): { userId: string; remember: string; tries: number } {
  const [userId = '', remember = '', triesText = '0'] = value.split(':');
  const tries = Number.parseInt(triesText, 10);
  return { userId, remember, tries: Number.isInteger(tries) && tries >= 0 ? tries : 0 };
}

export async function startChallenge(scope: CookieScope, userId: string, dontRemember: boolean): Promise<void> {
  const value = `${userId}:${dontRemember ? 'forget' : 'remember'}:0`;
  await issueCookieToken(scope, KIND, value, TWO_FACTOR_DEFAULTS.challengeExpiresIn);
}

/** The challenge the request's cookie names, alive; else the invalid-cookie error. */
export async function readChallenge(scope: CookieScope): Promise<Challenge> {
  const { auth } = scope;
  const found = await findCookieToken(scope, KIND);
  if (!found || found.row.expiresAt <= auth.now()) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  const { row, key } = found;
  const { userId, remember } = parseValue(row.value);
  const user = await auth.users.findById(userId);
  if (!user) throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
  return {
    id: row.id,
    key,
    user,
    dontRemember: remember === 'forget',
    expiresAt: row.expiresAt,
    value: row.value,
  };
}

/**
 * Spends one of the challenge's tries before a code is looked at, by swapping the count up in one
 * conditional update: of parallel guesses each swap that wins is a distinct try, so no burst gets
 * more than five codes checked against one challenge (a count read, checked and written back later
 * would let every request of the burst see the same count). Once they are spent the challenge ends
 * (better-auth's TOO_MANY_ATTEMPTS…, and the cookie expired): a new one needs the password again.
 * A lost swap means another try was spent meanwhile, so the loop ends within the allowed tries.
 */
export async function spendChallengeTry(scope: CookieScope, challenge: Challenge): Promise<void> {
  const { auth } = scope;
  let value = challenge.value;
  for (;;) {
    const { userId, remember, tries } = parseValue(value);
    if (tries >= TWO_FACTOR_DEFAULTS.challengeAllowedAttempts) {
      clearCookieToken(scope, KIND);
      await auth.verifications.take(challenge.id);
      throw new AuthError(TWO_FACTOR_ERRORS.tooManyAttemptsRequestNewCode);
    }
    if (await auth.verifications.swapValue(challenge.id, value, `${userId}:${remember}:${tries + 1}`)) return;
    const row = await auth.verifications.find(`${KIND.purpose}:${challenge.key}`);
    if (!row || row.id !== challenge.id) {
      clearCookieToken(scope, KIND);
      throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
    }
    value = row.value;
  }
}

/** Ends the challenge; only the caller whose delete removed it may create the session. */
export async function takeChallenge(scope: CookieScope, challenge: Challenge): Promise<void> {
  clearCookieToken(scope, KIND);
  if (!(await scope.auth.verifications.take(challenge.id)))
    throw new AuthError(TWO_FACTOR_ERRORS.invalidTwoFactorCookie);
}
