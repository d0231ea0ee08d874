/**
 * @module Roblox (OAuth 2.0 with PKCE and OpenID Connect's `openid profile`). Its id_tokens are signed
 * with ES256 and come from the issuer `https://apis.roblox.com/oauth/`; the profile is read from the
 * userinfo endpoint. Roblox gives third-party apps no e-mail: the user gets a placeholder address
 * keyed to the Roblox user id (better-auth puts the username there, which Roblox lets users change).
 * A Roblox refresh token works once: each refresh answers a new one.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';
import { placeholderEmail } from './placeholder-email';

interface RobloxUserInfo {
  sub?: string;
  /** The display name. */
  nickname?: string;
  preferred_username?: string;
  /** Null until the headshot is generated, or when it was moderated. */
  picture?: string | null;
  /** Only for apps Roblox grants the `email` scope. */
  email?: string;
  email_verified?: boolean;
}

const ENDPOINTS = {
  authorization: 'https://apis.roblox.com/oauth/v1/authorize',
  token: 'https://apis.roblox.com/oauth/v1/token',
  userInfo: 'https://apis.roblox.com/oauth/v1/userinfo',
  issuer: 'https://apis.roblox.com/oauth/',
};
const DEFAULT_SCOPES = ['openid', 'profile'];

export function roblox(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'roblox',
    name: 'Roblox',
    credentials,
    // Roblox gives third-party apps no e-mail, so there is nothing to link by.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: {
      idTokenAlgorithm: 'ES256',
      pkce: true,
      // As better-auth: the user picks the account and sees what is shared, every time.
      authorizationParams: { prompt: 'select_account consent' },
    },
    async getUserInfo(tokens, endpoints) {
      const profile = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as RobloxUserInfo | null;
      if (!profile || typeof profile.sub !== 'string' || profile.sub === '') return null;
      const email = profile.email || null;
      return {
        id: profile.sub,
        email: email ?? placeholderEmail('roblox', profile.sub),
        emailVerified: email !== null && profile.email_verified === true,
        name: profile.nickname || profile.preferred_username || '',
        image: profile.picture || null,
      };
    },
  });
}
