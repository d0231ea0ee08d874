/**
 * Facebook against an emulator of the Graph API (v24.0): the Login dialog URL (comma-separated
 * permissions, no PKCE), the code exchange with the secret in the body, a refused code, the token
 * checked with `debug_token` to belong to this app before `/me?fields=…` is read (with its
 * appsecret_proof), and the mapping of `picture.data.url` with an e-mail Graph never calls verified.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { facebook } from '../../../src/oauth/providers/facebook';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/facebook';
const ME = {
  id: '10158436741287654',
  name: 'Jane Doe',
  email: 'jane@example.com',
  picture: {
    data: {
      height: 50,
      is_silhouette: false,
      url: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158436741287654&height=50&width=50&ext=1700000000&hash=AeQ',
      width: 50,
    },
  },
};
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let tokenApp = '123456789012345';

function tokensOf(accessToken: string): ProviderTokens {
  return {
    accessToken,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
    raw: {},
  };
}

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /v24.0/oauth/access_token': ({ form }) =>
      form.get('code') === 'good-code'
        ? { json: { access_token: 'EAAGm0PX4ZCpsBA', token_type: 'bearer', expires_in: 5183944 } }
        : {
            status: 400,
            json: {
              error: {
                message: 'This authorization code has been used.',
                type: 'OAuthException',
                code: 100,
                fbtrace_id: 'AbCdEfGh',
              },
            },
          },
    'GET /v24.0/debug_token': ({ query }) => ({
      json: {
        data: {
          app_id: tokenApp,
          type: 'USER',
          application: 'Latchkey test',
          data_access_expires_at: 1700000000,
          expires_at: 1700000000,
          is_valid: query.get('input_token') !== 'revoked',
          issued_at: 1690000000,
          scopes: ['email', 'public_profile'],
          user_id: ME.id,
        },
      },
    }),
    'GET /v24.0/me': () => ({ json: ME }),
  });
  provider = facebook({
    clientId: '123456789012345',
    clientSecret: 'fb-secret',
    endpoints: {
      authorization: `${emulator.url}/v24.0/dialog/oauth`,
      token: `${emulator.url}/v24.0/oauth/access_token`,
      userInfo: `${emulator.url}/v24.0/me`,
    },
  });
});

afterAll(() => emulator.close());

describe('facebook', () => {
  it('sends the browser to the Login dialog with email,public_profile and no PKCE challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['user_birthday'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/v24.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '123456789012345',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'email,public_profile,user_birthday',
    });
  });

  it('uses the v24.0 Graph endpoints by default', async () => {
    const url = await facebook({ clientId: 'c', clientSecret: 's' }).createAuthorizationURL({
      state: 's',
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v24.0/dialog/oauth');
  });

  it('exchanges the code with the client secret in the body and no verifier', async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({
      accessToken: 'EAAGm0PX4ZCpsBA',
      refreshToken: null,
      scopes: ['email', 'public_profile'],
    });
    expect(Object.fromEntries(emulator.to('/v24.0/oauth/access_token').at(-1)!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: REDIRECT,
      client_id: '123456789012345',
      client_secret: 'fb-secret',
    });
  });

  it('rejects a code Facebook refuses (its OAuthException body)', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'used', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('checks the token with debug_token, then maps /me: picture.data.url, and the e-mail as unverified', async () => {
    expect(await provider.getUserInfo(tokensOf('EAAGm0PX4ZCpsBA'))).toEqual({
      id: '10158436741287654',
      email: 'jane@example.com',
      emailVerified: false,
      name: 'Jane Doe',
      image: ME.picture.data.url,
    });
    const debug = emulator.to('/v24.0/debug_token').at(-1)!;
    expect(Object.fromEntries(debug.query)).toEqual({
      input_token: 'EAAGm0PX4ZCpsBA',
      access_token: '123456789012345|fb-secret',
    });
    const me = emulator.to('/v24.0/me').at(-1)!;
    expect(Object.fromEntries(me.query)).toEqual({
      fields: 'id,name,email,picture',
      appsecret_proof: createHmac('sha256', 'fb-secret').update('EAAGm0PX4ZCpsBA').digest('hex'),
    });
    expect(me.headers.authorization).toBe('Bearer EAAGm0PX4ZCpsBA');
  });

  it('answers no profile for a token issued to another app, without reading /me', async () => {
    tokenApp = '999999999999999';
    const readsBefore = emulator.to('/v24.0/me').length;
    try {
      expect(await provider.getUserInfo(tokensOf('EAAOtherApp'))).toBeNull();
    } finally {
      tokenApp = '123456789012345';
    }
    expect(emulator.to('/v24.0/me')).toHaveLength(readsBefore);
  });

  it('answers no profile for a token Facebook no longer holds valid', async () => {
    expect(await provider.getUserInfo(tokensOf('revoked'))).toBeNull();
  });

  it('offers no refresh, since Facebook issues no refresh tokens, and is not trusted for linking', () => {
    expect(provider.refreshAccessToken).toBeUndefined();
    expect(provider.trustedForLinking).toBe(false);
  });
});
