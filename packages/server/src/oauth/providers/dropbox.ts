/**
 * @module Dropbox (OAuth 2.0 with PKCE). Its user info is an RPC: a POST without a body to
 * `/2/users/get_current_account` (a Content-Type with an empty body is refused), answering
 * `email_verified`. Access tokens live four hours, so the authorization asks for
 * `token_access_type=offline` to receive a refresh token.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface DropboxAccount {
  account_id: string;
  name?: { display_name?: string; given_name?: string; surname?: string };
  email?: string;
  email_verified?: boolean;
  profile_photo_url?: string;
}

const ENDPOINTS = {
  authorization: 'https://www.dropbox.com/oauth2/authorize',
  token: 'https://api.dropboxapi.com/oauth2/token',
  userInfo: 'https://api.dropboxapi.com/2/users/get_current_account',
};
const DEFAULT_SCOPES = ['account_info.read'];

export function dropbox(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'dropbox',
    name: 'Dropbox',
    credentials,
    // Dropbox reports `email_verified` only for an address whose confirmation link was followed.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: true },
    settings: {
      pkce: true,
      authorizationParams: { token_access_type: 'offline' },
    },
    async getUserInfo(tokens, endpoints) {
      const account = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        method: 'POST',
      })) as DropboxAccount | null;
      if (!account || typeof account.account_id !== 'string') return null;
      const email = account.email || null;
      return {
        id: account.account_id,
        email,
        emailVerified: email !== null && account.email_verified === true,
        name: account.name?.display_name || email || account.account_id,
        image: account.profile_photo_url || null,
      };
    },
  });
}
