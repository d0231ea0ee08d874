/**
 * @module LinkedIn, "Sign In with LinkedIn using OpenID Connect" (OAuth 2.0 without PKCE, which
 * LinkedIn offers only to native apps it has approved). The profile is the OpenID Connect userinfo
 * (`sub`, `email`, `email_verified`, `name`, `picture`). LinkedIn's token response leaves out
 * `token_type`, which the protocol library requires, and the id_token it carries is issued by
 * `https://www.linkedin.com/oauth`, not the token endpoint's origin. Refresh tokens are given only
 * to LinkedIn's approved partners.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface LinkedInUserInfo {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
}

const ENDPOINTS = {
  authorization: 'https://www.linkedin.com/oauth/v2/authorization',
  token: 'https://www.linkedin.com/oauth/v2/accessToken',
  userInfo: 'https://api.linkedin.com/v2/userinfo',
  issuer: 'https://www.linkedin.com/oauth',
};
const DEFAULT_SCOPES = ['openid', 'profile', 'email'];

export function linkedin(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'linkedin',
    name: 'LinkedIn',
    credentials,
    // LinkedIn's userinfo says `email_verified` only for a primary address the member confirmed.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: true },
    settings: {
      pkce: false,
      mendTokenResponse: (json) => (json.token_type === undefined ? { ...json, token_type: 'bearer' } : json),
    },
    async getUserInfo(tokens, endpoints) {
      const info = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as LinkedInUserInfo | null;
      if (!info || typeof info.sub !== 'string') return null;
      const email = info.email || null;
      const name = info.name || [info.given_name, info.family_name].filter(Boolean).join(' ');
      return {
        id: info.sub,
        email,
        emailVerified: email !== null && info.email_verified === true,
        name: name || email || info.sub,
        image: info.picture || null,
      };
    },
  });
}
