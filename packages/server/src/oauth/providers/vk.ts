/**
 * @module VK ID (id.vk.com, OAuth 2.1: PKCE is mandatory). The callback carries a `device_id` that
 * VK wants back with the code and with every refresh, and its token requests carry a `state` of
 * their own. The user is read by a form POST of the client id and the access token; the e-mail, when
 * the user shares one, comes in the user info or in the token response. VK's id_token is not an
 * OpenID Connect one (numeric `sub`, no audience), so it is kept but not checked as one.
 */
import { randomString } from '../../crypto/random';
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials, ProviderTokens } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface VkUserInfo {
  user?: {
    user_id?: string | number;
    first_name?: string;
    last_name?: string;
    avatar?: string;
    email?: string;
  };
}

const ENDPOINTS = {
  authorization: 'https://id.vk.com/authorize',
  token: 'https://id.vk.com/oauth2/auth',
  userInfo: 'https://id.vk.com/oauth2/user_info',
};
// better-auth also asks for `phone`, which Latchkey never reads.
const DEFAULT_SCOPES = ['email'];
const SET_ASIDE_ID_TOKEN = 'vk_id_token';

/** VK ID's token requests want a state of at least 32 characters, which it echoes back. */
const requestState = () => randomString(32);

/**
 * VK refreshes only with the device id the code came with, and an account keeps nothing but the
 * refresh token: so the refresh token stored is the pair, form-encoded.
 */
function packRefreshToken(tokens: ProviderTokens, deviceId: string | undefined): ProviderTokens {
  if (tokens.refreshToken === null || deviceId === undefined) return tokens;
  return {
    ...tokens,
    refreshToken: new URLSearchParams({ device_id: deviceId, refresh_token: tokens.refreshToken }).toString(),
  };
}

function unpackRefreshToken(stored: string): { refreshToken: string; deviceId: string | undefined } {
  if (!stored.startsWith('device_id=')) return { refreshToken: stored, deviceId: undefined };
  const pair = new URLSearchParams(stored);
  return { refreshToken: pair.get('refresh_token') ?? '', deviceId: pair.get('device_id') ?? undefined };
}

function withVkIdToken(tokens: ProviderTokens): ProviderTokens {
  const idToken = tokens.raw[SET_ASIDE_ID_TOKEN];
  return typeof idToken === 'string' ? { ...tokens, idToken } : tokens;
}

export function vk(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'vk',
    name: 'VK',
    credentials,
    // VK does not say whether it verified the address it shares.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: false },
    settings: {
      pkce: true,
      tokenParams: (exchange) => ({
        ...(exchange.deviceId === undefined ? {} : { device_id: exchange.deviceId }),
        state: requestState(),
      }),
      // oauth4webapi would check an id_token as OpenID Connect's and refuse VK's.
      mendTokenResponse: ({ id_token, ...json }) =>
        id_token === undefined ? json : { ...json, [SET_ASIDE_ID_TOKEN]: id_token },
    },
    exchange: async (exchange, calls) =>
      packRefreshToken(withVkIdToken(await calls.exchangeCode(exchange)), exchange.deviceId),
    async refresh(stored, calls) {
      const { refreshToken, deviceId } = unpackRefreshToken(stored);
      const params = { ...(deviceId === undefined ? {} : { device_id: deviceId }), state: requestState() };
      // VK rotates refresh tokens: the new one is stored with the same device.
      return packRefreshToken(withVkIdToken(await calls.refreshTokens(refreshToken, params)), deviceId);
    },
    async getUserInfo(tokens, endpoints) {
      if (tokens.accessToken === null) return null;
      const body = new URLSearchParams({
        client_id: credentials.clientId,
        access_token: tokens.accessToken,
      }).toString();
      const info = (await fetchJson(endpoints.userInfo, null, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })) as VkUserInfo | null;
      const user = info?.user;
      if (!user || (typeof user.user_id !== 'string' && typeof user.user_id !== 'number')) return null;
      const fromToken = typeof tokens.raw.email === 'string' ? tokens.raw.email : null;
      return {
        id: String(user.user_id),
        email: user.email || fromToken || null,
        // As better-auth: VK asserts nothing about the address.
        emailVerified: false,
        name: [user.first_name, user.last_name].filter(Boolean).join(' '),
        image: user.avatar || null,
      };
    },
  });
}
