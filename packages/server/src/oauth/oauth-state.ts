/**
 * @module The OAuth state record (SPEC §3, §4, §9): what the callback needs to finish a flow the
 * browser started — where to send it, the PKCE verifier, the OpenID Connect nonce, the user a
 * link-social flow links to, a plugin's continuation of the sign-in. The browser carries only the 32-character state; the verification
 * table keeps `oauth-state:sha256(state)` and the record encrypted, since the verifier is a
 * secret: with it, a code intercepted on its way back could be redeemed. Ten minutes, one use (a
 * conditional delete decides between concurrent callbacks), deleted when found expired or by the
 * prune job, and good only in the browser that started it (state-cookie.ts) and at the provider it
 * was issued for.
 */
import type { AuthContext } from '../auth/context';
import { safeEqual, sha256Hex } from '../crypto/digest';
import { randomString } from '../crypto/random';
import { AuthError, ERRORS } from '../endpoint/errors';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { DEFAULTS } from '../auth/options';
import type { ServerLanguage } from '../i18n/request-language';
import type { ExpiringRows } from '../plugin/declarations';
import { bindBrowser, readBrowserBinding } from './state-cookie';

export interface StateLink {
  /** The user's address when the flow started: the identity's must match unless allowed otherwise. */
  email: string;
  userId: string;
}

/** What the flow's start decides; the callback reads it back. */
export interface OAuthStateRequest {
  providerId: string;
  callbackURL: string;
  errorURL?: string | undefined;
  newUserURL?: string | undefined;
  link?: StateLink | undefined;
  requestSignUp?: boolean | undefined;
  /**
   * The `resumable` form of a plugin's sign-in continuation (`PluginHooks.signInContinuation`) given
   * to the call that started the flow: the callback resumes it once it created the session.
   */
  continuation?: string | undefined;
  /**
   * The language the starting call named (the app's choice): a user the callback creates keeps it,
   * since the callback itself is the provider's redirect and carries only the browser's header.
   */
  language?: ServerLanguage | null | undefined;
}

export interface OAuthStateRecord extends OAuthStateRequest {
  codeVerifier: string;
  nonce: string;
  /** SHA-256 of the browser's binding cookie. */
  browser: string;
}

export interface IssuedState {
  state: string;
  codeVerifier: string;
  nonce: string;
}

const PURPOSE = 'oauth-state';
const identifierOf = (state: string) => `${PURPOSE}:${sha256Hex(state)}`;
const NONCE_LENGTH = 32;

/**
 * Anyone may start a flow, and most abandoned ones are never seen again: the prune job deletes
 * them once expired, with no grace, since an expired state is answered as a missing one is.
 */
export const EXPIRED_OAUTH_STATES: ExpiringRows = Object.freeze({
  table: 'verification',
  expiresAt: 'expiresAt',
  only: Object.freeze({ column: 'identifier', prefix: `${PURPOSE}:` }),
});

interface BrowserOrigin {
  auth: AuthContext;
  requestCookies: RequestCookies;
  cookies: ResponseCookies;
}

export async function issueOAuthState(
  { auth, requestCookies, cookies }: BrowserOrigin,
  request: OAuthStateRequest,
): Promise<IssuedState> {
  const state = randomString(DEFAULTS.oauthStateLength);
  // RFC 7636 wants 43 to 128 unreserved characters; letters and digits are among them.
  const codeVerifier = randomString(DEFAULTS.codeVerifierLength);
  const nonce = randomString(NONCE_LENGTH);
  const record: OAuthStateRecord = {
    ...request,
    codeVerifier,
    nonce,
    browser: sha256Hex(bindBrowser(auth, requestCookies, cookies)),
  };
  const now = auth.now();
  try {
    await auth.verifications.create({
      id: randomString(DEFAULTS.idLength),
      identifier: identifierOf(state),
      value: auth.tokenCipher.encrypt(JSON.stringify(record), PURPOSE),
      expiresAt: new Date(now.getTime() + DEFAULTS.oauthStateLifetime * 1000),
      createdAt: now,
    });
  } catch (cause) {
    throw new AuthError(ERRORS.unableToCreateVerification, { cause });
  }
  return { state, codeVerifier, nonce };
}

function parseRecord(auth: AuthContext, value: string): OAuthStateRecord | null {
  try {
    const record = JSON.parse(auth.tokenCipher.decrypt(value, PURPOSE)) as OAuthStateRecord;
    return typeof record.codeVerifier === 'string' && typeof record.browser === 'string' ? record : null;
  } catch {
    // Written under a secret no longer held, or altered: the flow must start again.
    return null;
  }
}

/**
 * Takes the state for the callback of `providerId`, or null for one that is unknown, used,
 * expired, from another browser or for another provider. A state refused for the browser or the
 * provider is kept: its own browser may still finish with it. `providerId` null takes a state of
 * this browser whatever provider it was started for: the callback of a provider that is not
 * configured, which can only end in an error (`oauth_provider_not_found`, as better-auth answers
 * after reading the state) and so has nothing to gain from another provider's flow.
 */
export async function consumeOAuthState(
  { auth, requestCookies }: Omit<BrowserOrigin, 'cookies'>,
  state: string,
  providerId: string | null,
): Promise<OAuthStateRecord | null> {
  const row = await auth.verifications.find(identifierOf(state));
  if (!row) return null;
  if (row.expiresAt <= auth.now()) {
    await auth.verifications.take(row.id);
    return null;
  }
  const record = parseRecord(auth, row.value);
  const binding = readBrowserBinding(auth, requestCookies);
  if (!record || binding === null || !safeEqual(sha256Hex(binding), record.browser)) return null;
  if (providerId !== null && record.providerId !== providerId) return null;
  // Of concurrent callbacks with this state, only the one whose delete removed the row goes on.
  return (await auth.verifications.take(row.id)) ? record : null;
}
