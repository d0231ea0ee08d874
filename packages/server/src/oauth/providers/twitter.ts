/**
 * @module X, formerly Twitter (OAuth 2.0; PKCE is mandatory, and a confidential client
 * authenticates with HTTP Basic). `/2/users/me` carries no e-mail: the address comes only as
 * `confirmed_email`, asked for separately with the `users.email` scope, and X hands out only
 * addresses it confirmed. Without it the profile has no e-mail and the sign-in reports
 * `email_not_found`. X rotates refresh tokens: each refresh answers a new one and the old one stops
 * working.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider, withQuery } from './define-provider';

interface TwitterUser {
  data?: {
    id: string;
    name?: string;
    username: string;
    profile_image_url?: string;
    confirmed_email?: string;
  };
}

const ENDPOINTS = {
  authorization: 'https://x.com/i/oauth2/authorize',
  token: 'https://api.x.com/2/oauth2/token',
  userInfo: 'https://api.x.com/2/users/me',
};
// `offline.access` brings the refresh token; `users.email` the confirmed address.
const DEFAULT_SCOPES = ['users.read', 'tweet.read', 'offline.access', 'users.email'];

export function twitter(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'twitter',
    name: 'X',
    credentials,
    // X returns `confirmed_email` only for an address the user confirmed.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: true },
    settings: { clientAuth: 'basic', pkce: true },
    async getUserInfo(tokens, endpoints) {
      const profile = (await fetchJson(
        withQuery(endpoints.userInfo, { 'user.fields': 'profile_image_url' }),
        tokens.accessToken,
      )) as TwitterUser | null;
      const user = profile?.data;
      if (!user || typeof user.id !== 'string') return null;
      // Asked apart so that an app without e-mail access (a 403 here) still signs the user in,
      // to be told `email_not_found` rather than `unable_to_get_user_info`.
      const withEmail = (await fetchJson(
        withQuery(endpoints.userInfo, { 'user.fields': 'confirmed_email' }),
        tokens.accessToken,
      )) as TwitterUser | null;
      const email = withEmail?.data?.id === user.id ? withEmail.data.confirmed_email || null : null;
      return {
        id: user.id,
        email,
        emailVerified: email !== null,
        name: user.name || user.username,
        image: user.profile_image_url ?? null,
      };
    },
  });
}
