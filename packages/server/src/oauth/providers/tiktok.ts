/**
 * @module TikTok (Login Kit v2, OAuth 2.0). TikTok calls the client id a client key and wants it as
 * `client_key`, in the authorization URL and beside the secret in the token body; it separates
 * scopes with commas, names the refresh token's lifetime `refresh_expires_in`, and wraps the profile
 * in `{data: {user}}`. TikTok gives no e-mail at all: the user gets a placeholder address. It
 * rotates refresh tokens: each refresh answers a new one.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider, withQuery } from './define-provider';
import { placeholderEmail } from './placeholder-email';

interface TiktokUserInfo {
  data?: {
    user?: {
      open_id?: string;
      display_name?: string;
      username?: string;
      avatar_large_url?: string;
    };
  };
  /** Present on success too, with code `ok`. */
  error?: { code?: string; message?: string };
}

const ENDPOINTS = {
  authorization: 'https://www.tiktok.com/v2/auth/authorize/',
  token: 'https://open.tiktokapis.com/v2/oauth/token/',
  userInfo: 'https://open.tiktokapis.com/v2/user/info/',
};
// `user.info.basic` covers open_id, display_name and the avatar; `user.info.profile` the username.
const DEFAULT_SCOPES = ['user.info.basic', 'user.info.profile'];
const FIELDS = 'open_id,avatar_large_url,display_name,username';

export function tiktok(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'tiktok',
    name: 'TikTok',
    credentials,
    // No e-mail, so nothing to link by.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: {
      clientIdParam: 'client_key',
      // TikTok takes PKCE only from mobile and desktop apps, and with a hex challenge; the web flow has none.
      pkce: false,
      scopeSeparator: ',',
      mendTokenResponse: ({ refresh_expires_in, ...json }) => ({
        ...json,
        refresh_token_expires_in: refresh_expires_in,
      }),
    },
    async getUserInfo(tokens, endpoints) {
      const body = (await fetchJson(
        withQuery(endpoints.userInfo, { fields: FIELDS }),
        tokens.accessToken,
      )) as TiktokUserInfo | null;
      const user = body?.data?.user;
      if (!user || typeof user.open_id !== 'string' || (body?.error?.code ?? 'ok') !== 'ok') return null;
      return {
        id: user.open_id,
        email: placeholderEmail('tiktok', user.open_id),
        emailVerified: false,
        name: user.display_name || user.username || '',
        image: user.avatar_large_url || null,
      };
    },
  });
}
