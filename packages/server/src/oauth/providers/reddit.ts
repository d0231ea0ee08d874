/**
 * @module Reddit (OAuth 2.0, no PKCE). The client authenticates with HTTP Basic; `duration=permanent`
 * is what makes Reddit issue a refresh token. The API answers only with a User-Agent, and Reddit
 * gives no e-mail (`/api/v1/me` tells only whether one was verified): the user gets a placeholder
 * address, as better-auth gives it.
 */
import { createAuthorizationURL, exchangeCode, fetchJson, refreshTokens, type OAuth2Settings } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { placeholderEmail } from './placeholder-email';
import { scopesWith, withEndpoints } from './provider-settings';

interface RedditMe {
  id?: string;
  name?: string;
  /** Carries a query string (size, crop, signature) and HTML-escaped ampersands. */
  icon_img?: string | null;
}

const ENDPOINTS = {
  authorization: 'https://www.reddit.com/api/v1/authorize',
  token: 'https://www.reddit.com/api/v1/access_token',
  userInfo: 'https://oauth.reddit.com/api/v1/me',
};
const DEFAULT_SCOPES = ['identity'];
const API_HEADERS = { 'user-agent': 'Latchkey' };

export function reddit(credentials: ProviderCredentials): OAuthProvider {
  const endpoints = withEndpoints(ENDPOINTS, credentials);
  const settings: OAuth2Settings = {
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    authorizationEndpoint: endpoints.authorization,
    tokenEndpoint: endpoints.token,
    clientAuth: 'basic',
    pkce: false,
    authorizationParams: { duration: 'permanent' },
  };
  const scopes = scopesWith(DEFAULT_SCOPES, credentials);
  return {
    id: 'reddit',
    name: 'Reddit',
    // No e-mail, so nothing to link by.
    trustedForLinking: credentials.trustedForLinking ?? false,
    disableSignUp: credentials.disableSignUp,
    disableImplicitSignUp: credentials.disableImplicitSignUp,
    createAuthorizationURL: (request) => createAuthorizationURL(settings, { ...request, scopes: [...new Set([...scopes, ...request.scopes])] }),
    validateAuthorizationCode: (exchange) => exchangeCode(settings, exchange, scopes),
    refreshAccessToken: (refreshToken) => refreshTokens(settings, refreshToken),
    async getUserInfo(tokens) {
      const me = (await fetchJson(endpoints.userInfo, tokens.accessToken, { headers: API_HEADERS })) as RedditMe | null;
      if (!me || typeof me.id !== 'string' || me.id === '') return null;
      return {
        id: me.id,
        email: placeholderEmail('reddit', me.id),
        emailVerified: false,
        name: me.name ?? '',
        image: me.icon_img?.split('?')[0] || null,
      };
    },
  };
}
