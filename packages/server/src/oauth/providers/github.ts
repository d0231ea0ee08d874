/**
 * @module GitHub (OAuth 2.0 with PKCE). The profile's e-mail is only the public one, often null:
 * the primary address, and whether GitHub verified it, come from `/user/emails` (scope
 * `user:email`). GitHub answers its API only with a User-Agent.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface GithubProfile {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

const ENDPOINTS = {
  authorization: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  userInfo: 'https://api.github.com/user',
};
const DEFAULT_SCOPES = ['read:user', 'user:email'];
const API_HEADERS = { 'user-agent': 'Latchkey' };

export function github(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'github',
    name: 'GitHub',
    credentials,
    // GitHub marks an address verified only after a confirmation mail was followed.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: true },
    settings: { pkce: true },
    async getUserInfo(tokens, endpoints) {
      const profile = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        headers: API_HEADERS,
      })) as GithubProfile | null;
      if (!profile || profile.id === undefined) return null;
      // `/user/emails` sits beside `/user` (an override of the user-info URL moves both).
      const emailsURL = new URL('user/emails', endpoints.userInfo.replace(/user\/?$/, '')).href;
      const emails = ((await fetchJson(emailsURL, tokens.accessToken, { headers: API_HEADERS })) ??
        []) as GithubEmail[];
      const chosen =
        (profile.email ? emails.find((e) => e.email === profile.email) : undefined) ??
        emails.find((e) => e.primary) ??
        emails[0];
      const email = profile.email ?? chosen?.email ?? null;
      return {
        id: String(profile.id),
        email,
        emailVerified: chosen !== undefined && chosen.email === email && chosen.verified,
        name: profile.name || profile.login,
        image: profile.avatar_url,
      };
    },
  });
}
