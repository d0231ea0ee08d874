/**
 * VK ID against an emulator of its token and user-info endpoints, answering VK's documented shapes:
 * mandatory PKCE, the callback's `device_id` wanted back with the code and with every refresh, a
 * `state` on token requests, an id_token that is not OpenID Connect's, the user read by a form POST,
 * and the e-mail either in the user info or in the token response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { vk } from '../../../src/oauth/providers/vk';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/vk';
const DEVICE = 'dev_Id-42';
// VK's own id_token: numeric subject, `iis` for the issuer, no audience and no expiry.
const VK_ID_TOKEN = [
  { alg: 'RS256', typ: 'JWT' },
  { iis: 'VK', sub: 1234567890, app: 51, jti: 21 },
]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .concat('c2lnbmF0dXJl')
  .join('.');
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let emailInToken: string | undefined;
let userInfo: unknown;

const tokens = (accessToken: string, raw: Record<string, unknown> = {}): ProviderTokens => ({
  accessToken,
  refreshToken: null,
  idToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  scopes: [],
  raw,
});

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /oauth2/auth': ({ form }) => {
      const state = form.get('state') ?? '';
      if (form.get('client_id') !== 'vk-app' || form.get('device_id') !== DEVICE || state.length < 32) {
        return {
          status: 400,
          json: { error: 'invalid_request', error_description: 'device_id, state or client_id is missing or invalid' },
        };
      }
      if (
        form.get('grant_type') === 'authorization_code' &&
        form.get('code') === 'good-code' &&
        form.get('code_verifier') === VERIFIER
      ) {
        return {
          json: {
            refresh_token: 'vk2.r.first',
            access_token: 'vk2.a.first',
            id_token: VK_ID_TOKEN,
            token_type: 'Bearer',
            expires_in: 3600,
            user_id: 1234567890,
            state,
            scope: 'vkid.personal_info email',
            ...(emailInToken === undefined ? {} : { email: emailInToken }),
          },
        };
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'vk2.r.first') {
        return {
          json: {
            refresh_token: 'vk2.r.second',
            access_token: 'vk2.a.second',
            token_type: 'Bearer',
            expires_in: 3600,
            user_id: 1234567890,
            state,
            scope: 'vkid.personal_info email',
          },
        };
      }
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Code is expired' } };
    },
    'POST /oauth2/user_info': ({ form }) =>
      form.get('client_id') === 'vk-app' && form.get('access_token') === 'vk2.a.first'
        ? { json: userInfo }
        : // VK answers a bad token with an error body, not a profile.
          { json: { error: 'invalid_token', error_description: 'Access token is invalid' } },
  });
  provider = vk({
    clientId: 'vk-app',
    endpoints: {
      authorization: `${emulator.url}/authorize`,
      token: `${emulator.url}/oauth2/auth`,
      userInfo: `${emulator.url}/oauth2/user_info`,
    },
  });
});

afterAll(() => emulator.close());

describe('vk', () => {
  it('sends the browser with the email scope and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['phone'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'vk-app',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'email phone',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("exchanges the code with the verifier, the device id and a state of its own, keeps VK's id_token unchecked, and stores the device with the refresh token", async () => {
    emailInToken = undefined;
    const result = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
      deviceId: DEVICE,
    });
    expect(result).toMatchObject({
      accessToken: 'vk2.a.first',
      idToken: VK_ID_TOKEN,
      scopes: ['vkid.personal_info', 'email'],
    });
    expect(new URLSearchParams(result.refreshToken!)).toEqual(
      new URLSearchParams({ device_id: DEVICE, refresh_token: 'vk2.r.first' }),
    );
    const sent = Object.fromEntries(emulator.to('/oauth2/auth').at(-1)!.form);
    expect(sent).toMatchObject({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      client_id: 'vk-app',
      device_id: DEVICE,
    });
    expect(sent.state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sent.state).not.toBe('s'.repeat(32));
  });

  it('rejects a code VK refuses, and a code exchanged without the device id', async () => {
    await expect(
      provider.validateAuthorizationCode({
        code: 'expired',
        codeVerifier: VERIFIER,
        redirectURI: REDIRECT,
        deviceId: DEVICE,
      }),
    ).rejects.toThrow();
    await expect(
      provider.validateAuthorizationCode({ code: 'good-code', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('reads the user by a form POST of the client id and the access token, and maps user_id, the full name, the avatar and the e-mail, never verified', async () => {
    userInfo = {
      user: {
        user_id: '1234567890',
        first_name: 'Ivan',
        last_name: 'Ivanov',
        avatar: 'https://pp.userapi.example/ava.png',
        email: 'ivan@example.ru',
        sex: 2,
        verified: false,
        birthday: '01.01.2000',
      },
    };
    const user = await provider.getUserInfo(tokens('vk2.a.first'));
    expect(user).toEqual({
      id: '1234567890',
      email: 'ivan@example.ru',
      emailVerified: false,
      name: 'Ivan Ivanov',
      image: 'https://pp.userapi.example/ava.png',
    });
    const sent = emulator.to('/oauth2/user_info').at(-1)!;
    expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('takes the e-mail from the token response when the user info has none', async () => {
    emailInToken = 'from-token@example.ru';
    const exchanged = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
      deviceId: DEVICE,
    });
    userInfo = { user: { user_id: 1234567890, first_name: 'Ivan', last_name: '' } };
    expect(await provider.getUserInfo(exchanged)).toEqual({
      id: '1234567890',
      email: 'from-token@example.ru',
      emailVerified: false,
      name: 'Ivan',
      image: null,
    });
  });

  it('answers a profile without an e-mail when VK shares none, so the sign-in reports email_not_found', async () => {
    userInfo = { user: { user_id: '7', first_name: 'No', last_name: 'Mail' } };
    expect(await provider.getUserInfo(tokens('vk2.a.first'))).toMatchObject({
      id: '7',
      email: null,
      emailVerified: false,
    });
  });

  it('answers no profile when VK refuses the access token', async () => {
    expect(await provider.getUserInfo(tokens('stale'))).toBeNull();
  });

  it('refreshes with the stored device id and a state, and stores the rotated refresh token with the same device', async () => {
    const stored = new URLSearchParams({ device_id: DEVICE, refresh_token: 'vk2.r.first' }).toString();
    const result = await provider.refreshAccessToken!(stored);
    expect(result.accessToken).toBe('vk2.a.second');
    expect(new URLSearchParams(result.refreshToken!)).toEqual(
      new URLSearchParams({ device_id: DEVICE, refresh_token: 'vk2.r.second' }),
    );
    const sent = Object.fromEntries(emulator.to('/oauth2/auth').at(-1)!.form);
    expect(sent).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'vk2.r.first',
      client_id: 'vk-app',
      device_id: DEVICE,
    });
    expect(sent.state).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
