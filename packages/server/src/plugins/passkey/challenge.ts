/**
 * @module A ceremony's challenge, kept server-side as better-auth does: a verification row found by
 * `passkey-challenge:sha256(token)` holding the challenge, its ceremony and the user it is for, and
 * the token in a signed, httpOnly cookie of the browser that asked. Taking it deletes the row
 * conditionally, so a challenge serves one verification, also when several race; an expired one
 * serves none. Registration and authentication share the cookie, so each checks the ceremony.
 */
import { clearCookieToken, findCookieToken, hasCookieToken, issueCookieToken, type CookieScope } from '../../plugin';
import { PASSKEY_DEFAULTS } from './options';

export type Ceremony = 'registration' | 'authentication';

export interface StoredChallenge {
  ceremony: Ceremony;
  /** base64url, as the options answered it and clientDataJSON carries it. */
  challenge: string;
  /** The signed-in user the ceremony was started for; '' for a sign-in. */
  userId: string;
}

/** `<prefix>.passkey`, prefixed `__Secure-` when the session cookies are. */
const KIND = { cookie: 'passkey', purpose: 'passkey-challenge' } as const;

export async function storeChallenge(ctx: CookieScope, stored: StoredChallenge): Promise<void> {
  await issueCookieToken(ctx, KIND, JSON.stringify(stored), PASSKEY_DEFAULTS.challengeMaxAge);
}

/** The browser's challenge for `ceremony`, used up; null when there is none to use. */
export async function takeChallenge(ctx: CookieScope, ceremony: Ceremony): Promise<StoredChallenge | null> {
  const { auth } = ctx;
  const found = await findCookieToken(ctx, KIND);
  // Whatever follows, the cookie has served: a retry starts a new ceremony.
  if (hasCookieToken(ctx, KIND)) clearCookieToken(ctx, KIND);
  if (!found) return null;
  const { row } = found;
  // Of concurrent verifications only the one whose delete removed the row goes on.
  if (!(await auth.verifications.take(row.id))) return null;
  if (row.expiresAt <= auth.now()) return null;
  const stored = JSON.parse(row.value) as StoredChallenge;
  return stored.ceremony === ceremony ? stored : null;
}
