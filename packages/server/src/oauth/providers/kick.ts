/**
 * @module Kick (OAuth 2.1: PKCE required). Not OpenID Connect: the profile is the public API's
 * `/public/v1/users`, which answers the token's own user as the first entry of `data`.
 *
 * Kick does not say whether it verified the address, so it is never taken as verified and a Kick
 * identity links nothing implicitly; not trusted for linking either.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface KickUser {
  user_id: number | string;
  name: string | null;
  email: string | null;
  profile_picture: string | null;
}

const ENDPOINTS = {
  authorization: 'https://id.kick.com/oauth/authorize',
  token: 'https://id.kick.com/oauth/token',
  userInfo: 'https://api.kick.com/public/v1/users',
};
const DEFAULT_SCOPES = ['user:read'];

export function kick(options: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'kick',
    name: 'Kick',
    credentials: options,
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: { pkce: true },
    async getUserInfo(tokens, endpoints) {
      const answer = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as { data?: KickUser[] } | null;
      const user = answer?.data?.[0];
      if (!user || user.user_id === undefined || user.user_id === null) return null;
      return {
        id: String(user.user_id),
        email: user.email || null,
        emailVerified: false,
        name: user.name ?? '',
        image: user.profile_picture || null,
      };
    },
  });
}
