/**
 * @module Reddit (OAuth 2.0, no PKCE). The client authenticates with HTTP Basic; `duration=permanent`
 * is what makes Reddit issue a refresh token. The API answers only with a User-Agent, and Reddit
 * gives no e-mail (`/api/v1/me` tells only whether one was verified): the user gets a placeholder
 * address, as better-auth gives it.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';
import { placeholderEmail } from './placeholder-email';

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
  return defineOAuth2Provider({
    id: 'reddit',
    name: 'Reddit',
    credentials,
    // No e-mail, so nothing to link by.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: {
      clientAuth: 'basic',
      pkce: false,
      authorizationParams: { duration: 'permanent' },
    },
    async getUserInfo(tokens, endpoints) {
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
  });
}
