/**
 * @module What every provider test hands a provider: the PKCE verifier, the state and the nonce of
 * a sign-in, the callback URL, the tokens the engine passes to `getUserInfo`, and a sign-in played
 * through the test OpenID Provider from the authorization URL to the exchanged tokens.
 */
import { expect } from 'vitest';
import type { AuthorizationRequest, CodeExchange, OAuthProvider, ProviderTokens } from '../../src/oauth/provider';
import type { TestOpenIDProvider } from './oidc-provider';

/** SPEC §9: a verifier of 128 characters. */
export const VERIFIER = 'v'.repeat(128);
export const STATE = 's'.repeat(32);
export const NONCE = 'n'.repeat(32);

export function callbackURL(providerId: string): string {
  return `http://localhost:3000/api/auth/callback/${providerId}`;
}

/** Tokens as the engine stores them, empty but for what the test gives. */
export function providerTokens(fields: Partial<ProviderTokens> = {}): ProviderTokens {
  return {
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
    raw: {},
    ...fields,
  };
}

/** The authorization URL of a sign-in with the shared state and verifier, asking no extra scopes. */
export function authorizationURL(
  provider: OAuthProvider,
  redirectURI: string,
  request: Partial<AuthorizationRequest> = {},
): Promise<URL> {
  return provider.createAuthorizationURL({ state: STATE, codeVerifier: VERIFIER, scopes: [], redirectURI, ...request });
}

export interface OPSignIn {
  account: string;
  redirectURI: string;
  state?: string;
  nonce?: string;
  /** Apple's form_post `user` field, posted with the code. */
  user?: string;
}

/**
 * The authorization URL, the OP's sign-in of `account` and the callback's code exchanged with the
 * same verifier and nonce: what the engine does around the browser's trip.
 */
export async function signInThroughOP(
  op: TestOpenIDProvider,
  provider: OAuthProvider,
  { account, redirectURI, state = STATE, nonce = NONCE, user }: OPSignIn,
): Promise<ProviderTokens> {
  const url = await authorizationURL(provider, redirectURI, { state, nonce });
  const answer = await op.authorize(url, { account });
  expect(answer.state).toBe(state);
  const exchange: CodeExchange = { code: answer.code!, codeVerifier: VERIFIER, redirectURI, nonce };
  return provider.validateAuthorizationCode(user === undefined ? exchange : { ...exchange, user });
}
