/**
 * @module Spotify (OAuth 2.0 with PKCE). Its token endpoint wants the client's credentials in an
 * HTTP Basic header. Spotify documents the profile's e-mail as unverified ("there is no proof that
 * it actually belongs to the user"), so it never counts as verified here.
 */
import { createAuthorizationURL, exchangeCode, fetchJson, refreshTokens, type OAuth2Settings } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { scopesWith, withEndpoints } from './provider-settings';

interface SpotifyProfile {
  id: string;
  display_name: string | null;
  email?: string | null;
  images?: { url: string; height: number | null; width: number | null }[];
}

const ENDPOINTS = {
  authorization: 'https://accounts.spotify.com/authorize',
  token: 'https://accounts.spotify.com/api/token',
  userInfo: 'https://api.spotify.com/v1/me',
};
const DEFAULT_SCOPES = ['user-read-email'];

export function spotify(credentials: ProviderCredentials): OAuthProvider {
  const endpoints = withEndpoints(ENDPOINTS, credentials);
  const settings: OAuth2Settings = {
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    authorizationEndpoint: endpoints.authorization,
    tokenEndpoint: endpoints.token,
    clientAuth: 'basic',
    pkce: true,
  };
  const scopes = scopesWith(DEFAULT_SCOPES, credentials);
  return {
    id: 'spotify',
    name: 'Spotify',
    // Spotify does not verify addresses: an identity from it never links itself to a local user.
    trustedForLinking: credentials.trustedForLinking ?? false,
    disableSignUp: credentials.disableSignUp,
    disableImplicitSignUp: credentials.disableImplicitSignUp,
    createAuthorizationURL: (request) => createAuthorizationURL(settings, { ...request, scopes: [...new Set([...scopes, ...request.scopes])] }),
    validateAuthorizationCode: (exchange) => exchangeCode(settings, exchange, scopes),
    refreshAccessToken: (refreshToken) => refreshTokens(settings, refreshToken),
    async getUserInfo(tokens) {
      const profile = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as SpotifyProfile | null;
      if (!profile || typeof profile.id !== 'string') return null;
      return {
        id: profile.id,
        email: profile.email || null,
        emailVerified: false,
        name: profile.display_name || profile.id,
        image: profile.images?.[0]?.url ?? null,
      };
    },
  };
}
