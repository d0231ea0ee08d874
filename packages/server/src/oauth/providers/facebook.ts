/**
 * @module Facebook (OAuth 2.0 on Graph API v24.0, as better-auth; no PKCE, which Facebook documents
 * only for its OpenID Connect flow, still "in testing"). Graph answers only the profile `fields=`
 * asks for, with the picture under `picture.data.url`, and never says whether the e-mail was
 * verified. Facebook issues no refresh tokens (long-lived tokens come by a token exchange instead).
 */
import { createHmac } from 'node:crypto';
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface FacebookProfile {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

interface FacebookTokenDebug {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string };
}

const GRAPH_VERSION = 'v24.0';
const ENDPOINTS = {
  authorization: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
  token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
  userInfo: `https://graph.facebook.com/${GRAPH_VERSION}/me`,
};
const DEFAULT_SCOPES = ['email', 'public_profile'];
const FIELDS = 'id,name,email,picture';

export function facebook(credentials: ProviderCredentials): OAuthProvider {
  const secret = credentials.clientSecret ?? '';

  /**
   * A Graph access token is not bound to an app at `/me`: one issued to any other app reads that
   * user's profile just as well. better-auth checks every token with `debug_token`; so do we, so no
   * path that hands this provider a token can be fooled by one minted elsewhere.
   */
  async function userOfToken(accessToken: string, userInfo: string): Promise<string | null> {
    // `debug_token` sits beside `/me` (an override of the user-info URL moves both).
    const url = new URL('debug_token', userInfo.replace(/me\/?$/, ''));
    url.searchParams.set('input_token', accessToken);
    url.searchParams.set('access_token', `${credentials.clientId}|${secret}`);
    const debug = (await fetchJson(url.href, null)) as FacebookTokenDebug | null;
    const data = debug?.data;
    return data?.is_valid === true && data.app_id === credentials.clientId && data.user_id ? data.user_id : null;
  }

  return defineOAuth2Provider({
    id: 'facebook',
    name: 'Facebook',
    credentials,
    // Graph never asserts that an address was verified, so e-mails from it cannot link accounts.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: {
      pkce: false,
      // Facebook's documented form of the permission list.
      scopeSeparator: ',',
    },
    refresh: false,
    async getUserInfo(tokens, endpoints) {
      if (tokens.accessToken === null) return null;
      const userId = await userOfToken(tokens.accessToken, endpoints.userInfo);
      if (userId === null) return null;
      const url = new URL(endpoints.userInfo);
      url.searchParams.set('fields', FIELDS);
      // Apps set to "Require App Secret" refuse Graph calls without this proof; others check it.
      url.searchParams.set('appsecret_proof', createHmac('sha256', secret).update(tokens.accessToken).digest('hex'));
      const profile = (await fetchJson(url.href, tokens.accessToken)) as FacebookProfile | null;
      if (!profile || profile.id !== userId) return null;
      return {
        id: profile.id,
        email: profile.email || null,
        emailVerified: false,
        name: profile.name || profile.id,
        image: profile.picture?.data?.url ?? null,
      };
    },
  });
}
