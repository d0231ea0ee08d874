/**
 * @module The start of a browser flow, shared by `/sign-in/social` and `/link-social`: a state
 * record bound to this browser, and the provider's authorization URL carrying the state, the
 * PKCE challenge, the nonce and the callback Latchkey registered with the provider.
 */
import type { AuthContext } from '../auth/context';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { issueOAuthState, type OAuthStateRequest } from './oauth-state';
import type { OAuthProvider } from './provider';

export interface AuthorizationStart extends Omit<OAuthStateRequest, 'providerId' | 'callbackURL'> {
  callbackURL?: string | undefined;
  /** Beyond the provider's own. */
  scopes?: readonly string[] | undefined;
  loginHint?: string | undefined;
}

/** The `redirect_uri` registered with the provider: `<baseURL><basePath>/callback/<id>`. */
export function callbackURIOf(auth: AuthContext, provider: OAuthProvider): string {
  return `${auth.options.baseURL}${auth.options.basePath}/callback/${encodeURIComponent(provider.id)}`;
}

export async function startAuthorization(
  origin: { auth: AuthContext; requestCookies: RequestCookies; cookies: ResponseCookies },
  provider: OAuthProvider,
  { scopes = [], loginHint, ...request }: AuthorizationStart,
): Promise<string> {
  const { state, codeVerifier, nonce } = await issueOAuthState(origin, {
    ...request,
    providerId: provider.id,
    // SPEC §5: without a callbackURL the flow ends at the configured base URL.
    callbackURL: request.callbackURL || origin.auth.options.baseURL,
  });
  const url = await provider.createAuthorizationURL({
    state,
    codeVerifier,
    nonce,
    scopes: [...scopes],
    loginHint,
    redirectURI: callbackURIOf(origin.auth, provider),
  });
  return url.href;
}
