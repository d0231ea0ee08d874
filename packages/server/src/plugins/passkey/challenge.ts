/**
 * @module A ceremony's challenge, kept server-side as better-auth does: a verification row found by
 * `passkey-challenge:sha256(token)` holding the challenge, its ceremony and the user it is for, and
 * the token in a signed, httpOnly cookie of the browser that asked. Taking it deletes the row
 * conditionally, so a challenge serves one verification, also when several race; an expired one
 * serves none. Registration and authentication share the cookie, so each checks the ceremony.
 */
import {
  DEFAULTS,
  randomString,
  sha256Hex,
  signValue,
  unsignValue,
  type AuthContext,
  type EndpointContext,
} from '../../plugin-api';

export type Ceremony = 'registration' | 'authentication';

export interface StoredChallenge {
  ceremony: Ceremony;
  /** base64url, as the options answered it and clientDataJSON carries it. */
  challenge: string;
  /** The signed-in user the ceremony was started for; '' for a sign-in. */
  userId: string;
}

type CookieScope = Pick<EndpointContext<unknown, unknown, 'none'>, 'auth' | 'cookies' | 'requestCookies'>;

/** `<prefix>.passkey`, prefixed `__Secure-` when the session cookies are. */
function cookieName(auth: AuthContext): string {
  return `${auth.options.secureCookies ? '__Secure-' : ''}${auth.options.cookiePrefix}.passkey`;
}

function cookieAttributes(auth: AuthContext, maxAge: number) {
  return { httpOnly: true, sameSite: 'Lax', path: '/', secure: auth.options.secureCookies, maxAge } as const;
}

const identifierOf = (token: string) => `passkey-challenge:${sha256Hex(token)}`;

export async function storeChallenge(ctx: CookieScope, stored: StoredChallenge): Promise<void> {
  const { auth } = ctx;
  const token = randomString(DEFAULTS.sessionTokenLength);
  const now = auth.now();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: identifierOf(token),
    value: JSON.stringify(stored),
    expiresAt: new Date(now.getTime() + DEFAULTS.passkeyChallengeMaxAge * 1000),
    createdAt: now,
  });
  ctx.cookies.set(
    cookieName(auth),
    signValue(token, auth.options.secret),
    cookieAttributes(auth, DEFAULTS.passkeyChallengeMaxAge),
  );
}

/** The browser's challenge for `ceremony`, used up; null when there is none to use. */
export async function takeChallenge(ctx: CookieScope, ceremony: Ceremony): Promise<StoredChallenge | null> {
  const { auth } = ctx;
  const signed = ctx.requestCookies.get(cookieName(auth));
  const token = signed === undefined ? null : unsignValue(signed, auth.options.secret);
  if (!token) return null;
  // Whatever follows, the cookie has served: a retry starts a new ceremony.
  ctx.cookies.delete(cookieName(auth), cookieAttributes(auth, 0));
  const row = await auth.verifications.find(identifierOf(token));
  if (!row) return null;
  // Of concurrent verifications only the one whose delete removed the row goes on.
  if (!(await auth.verifications.take(row.id))) return null;
  if (row.expiresAt <= auth.now()) return null;
  const stored = JSON.parse(row.value) as StoredChallenge;
  return stored.ceremony === ceremony ? stored : null;
}
