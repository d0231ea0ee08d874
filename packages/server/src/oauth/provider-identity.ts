/**
 * @module Asking the provider who the user is: a code exchanged (with the PKCE verifier, and the
 * nonce an id_token must carry), or an id_token the client holds checked, then the profile read.
 * Failures are logged by name and message only: neither the request (which carries the client
 * secret) nor a token ever reaches the log.
 */
import type { AuthContext } from '../auth/context';
import { AuthError, ERRORS } from '../endpoint/errors';
import { useIdTokenOnce } from './id-token-once';
import { CALLBACK_ERRORS, fail, succeed, type Outcome } from './callback-errors';
import type { IdTokenInput, OAuthProvider, ProviderProfile, ProviderTokens } from './provider';
import type { SocialIdentity } from './social-identity';

export interface CodeCallback {
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectURI: string;
  /** VK ID's `device_id`. */
  deviceId?: string | undefined;
  /** Apple's first-sign-in `user` field (its name), as posted: the provider reads it. */
  user?: string | undefined;
}

/** What may be logged of a provider failure: its kind and message, and an OAuth error code. */
function describe(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { error: typeof error };
  const described: Record<string, string> = { name: error.name, message: error.message };
  const code = (error as { error?: unknown }).error;
  if (typeof code === 'string') described.oauthError = code.slice(0, 100);
  return described;
}

async function readProfile(
  auth: AuthContext,
  provider: OAuthProvider,
  tokens: ProviderTokens,
): Promise<ProviderProfile | null> {
  try {
    const profile = await provider.getUserInfo(tokens);
    // The account row's key: without a stable id there is no identity to sign in.
    return profile && typeof profile.id === 'string' && profile.id.length > 0 ? profile : null;
  } catch (error) {
    auth.logger.warn({ providerId: provider.id, ...describe(error) }, 'The provider did not answer the user info');
    return null;
  }
}

export async function identityFromCode(
  auth: AuthContext,
  provider: OAuthProvider,
  callback: CodeCallback,
): Promise<Outcome<SocialIdentity>> {
  let tokens: ProviderTokens;
  try {
    tokens = await provider.validateAuthorizationCode({
      code: callback.code,
      codeVerifier: callback.codeVerifier,
      redirectURI: callback.redirectURI,
      deviceId: callback.deviceId,
      nonce: callback.nonce,
      user: callback.user,
    });
  } catch (error) {
    auth.logger.warn({ providerId: provider.id, ...describe(error) }, 'The provider refused the authorization code');
    return fail(CALLBACK_ERRORS.invalidCode);
  }
  const profile = await readProfile(auth, provider, tokens);
  return profile ? succeed({ provider, profile, tokens }) : fail(CALLBACK_ERRORS.unableToGetUserInfo);
}

/**
 * An id_token the client obtained itself (Google One Tap, Sign in with Apple on a device): genuine
 * by the provider's check, then fresh and never used before (id-token-once.ts).
 */
export async function identityFromIdToken(
  auth: AuthContext,
  provider: OAuthProvider,
  input: IdTokenInput,
): Promise<SocialIdentity> {
  if (!provider.verifyIdToken) throw new AuthError(ERRORS.idTokenNotSupported);
  let valid: boolean;
  try {
    valid = await provider.verifyIdToken(input);
  } catch (error) {
    auth.logger.warn({ providerId: provider.id, ...describe(error) }, 'An id_token could not be verified');
    valid = false;
  }
  if (!valid) throw new AuthError(ERRORS.invalidIdToken);
  const refusal = await useIdTokenOnce(auth, input.token);
  if (refusal !== null) {
    auth.logger.warn({ providerId: provider.id, reason: refusal }, 'An id_token was refused');
    // The same answer as a forged token: the caller learns nothing about which check failed.
    throw new AuthError(ERRORS.invalidIdToken);
  }
  const tokens: ProviderTokens = {
    accessToken: input.accessToken ?? null,
    refreshToken: input.refreshToken ?? null,
    idToken: input.token,
    // Epoch milliseconds, as a JavaScript client holds a date.
    accessTokenExpiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt),
    refreshTokenExpiresAt: null,
    scopes: [],
    raw: {},
  };
  const profile = await readProfile(auth, provider, tokens);
  if (!profile) throw new AuthError(ERRORS.failedToGetUserInfo);
  return { provider, profile, tokens };
}
