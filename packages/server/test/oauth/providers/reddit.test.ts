/**
 * Reddit against an emulator of its token and `/api/v1/me` endpoints, answering Reddit's documented
 * shapes: HTTP Basic client authentication, `duration=permanent` for a refresh token, a User-Agent
 * on API calls, a refused code as a 200 with an error body, and a profile without an e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { reddit } from '../../../src/oauth/providers/reddit';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/reddit';
const BASIC = `Basic ${Buffer.from('rd-client:rd-secret').toString('base64')}`;
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let me: { status?: number; json: unknown };

const tokens = (accessToken: string): ProviderTokens => ({
  accessToken,
  refreshToken: null,
  idToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  scopes: [],
  raw: {},
});

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /api/v1/access_token': ({ form, headers }) => {
      if (headers.authorization !== BASIC) return { status: 401, json: { message: 'Unauthorized', error: 401 } };
      if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
        return {
          json: {
            access_token: 'rd-access',
            token_type: 'bearer',
            expires_in: 86400,
            refresh_token: 'rd-refresh',
            scope: 'identity',
          },
        };
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'rd-refresh') {
        // Reddit keeps the refresh token: the answer carries none.
        return { json: { access_token: 'rd-access-2', token_type: 'bearer', expires_in: 86400, scope: 'identity' } };
      }
      return { json: { error: 'invalid_grant' } };
    },
    'GET /api/v1/me': () => me,
  });
  provider = reddit({
    clientId: 'rd-client',
    clientSecret: 'rd-secret',
    endpoints: {
      authorization: `${emulator.url}/api/v1/authorize`,
      token: `${emulator.url}/api/v1/access_token`,
      userInfo: `${emulator.url}/api/v1/me`,
    },
  });
});

afterAll(() => emulator.close());

describe('reddit', () => {
  it('sends the browser with the identity scope and duration=permanent, without a PKCE challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['read'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/api/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'rd-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'identity read',
      duration: 'permanent',
    });
  });

  it('exchanges the code with HTTP Basic client authentication and no secret in the body', async () => {
    const result = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(result).toMatchObject({ accessToken: 'rd-access', refreshToken: 'rd-refresh', scopes: ['identity'] });
    const sent = emulator.to('/api/v1/access_token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: REDIRECT,
    });
  });

  it('rejects a code Reddit refuses (its 200 with an error body)', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'used', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps /api/v1/me with a User-Agent: the id, the name, the icon without its query string, and a placeholder address never verified', async () => {
    me = {
      json: {
        id: '1w72',
        name: 'spez',
        icon_img: 'https://styles.redditmedia.example/t5_1/profileIcon_x.png?width=256&amp;height=256&amp;s=abc',
        has_verified_email: true,
        verified: true,
        oauth_client_id: 'rd-client',
      },
    };
    const user = await provider.getUserInfo(tokens('rd-access'));
    expect(user).toEqual({
      id: '1w72',
      email: '1w72@reddit.invalid',
      emailVerified: false,
      name: 'spez',
      image: 'https://styles.redditmedia.example/t5_1/profileIcon_x.png',
    });
    expect(emulator.to('/api/v1/me').at(-1)!.headers).toMatchObject({
      authorization: 'Bearer rd-access',
      'user-agent': 'Latchkey',
    });
  });

  it('answers no profile when Reddit refuses the access token', async () => {
    me = { status: 401, json: { message: 'Unauthorized', error: 401 } };
    expect(await provider.getUserInfo(tokens('stale'))).toBeNull();
  });

  it('refreshes with HTTP Basic and keeps the refresh token Reddit does not reissue', async () => {
    const result = await provider.refreshAccessToken!('rd-refresh');
    expect(result).toMatchObject({ accessToken: 'rd-access-2', refreshToken: 'rd-refresh' });
    const sent = emulator.to('/api/v1/access_token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'rd-refresh' });
  });
});
