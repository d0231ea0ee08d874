/**
 * @module Spotify (OAuth 2.0 with PKCE). Its token endpoint wants the client's credentials in an
 * HTTP Basic header. Spotify documents the profile's e-mail as unverified ("there is no proof that
 * it actually belongs to the user"), so it never counts as verified here.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

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
  return defineOAuth2Provider({
    id: 'spotify',
    name: 'Spotify',
    credentials,
    // Spotify does not verify addresses: an identity from it never links itself to a local user.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: { clientAuth: 'basic', pkce: true },
    async getUserInfo(tokens, endpoints) {
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
  });
}
