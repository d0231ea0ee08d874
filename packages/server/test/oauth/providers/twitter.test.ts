/**
 * X (Twitter) against an emulator of its OAuth 2.0 token endpoint and `/2/users/me`, answering the
 * shapes of X's documentation: the authorization URL with its mandatory PKCE, the code exchange with
 * HTTP Basic client authentication, a refused code, the profile (which carries no e-mail: only a
 * separate `confirmed_email` lookup gives one, verified), and the refresh grant, which rotates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { twitter } from '../../../src/oauth/providers/twitter';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/twitter';
const BASIC = `Basic ${Buffer.from('x-client:x-secret').toString('base64')}`;
const USER = { id: '2244994945', name: 'X Dev', username: 'TwitterDev' };
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let confirmedEmail: string | null = null;

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
    'POST /2/oauth2/token': ({ form }) => {
      if (form.get('grant_type') === 'refresh_token') {
        return {
          json: {
            token_type: 'bearer',
            expires_in: 7200,
            access_token: 'rotated-access',
            scope: 'users.read tweet.read offline.access users.email',
            refresh_token: 'rotated-refresh',
          },
        };
      }
      return form.get('code') === 'good-code'
        ? {
            json: {
              token_type: 'bearer',
              expires_in: 7200,
              access_token: 'VGNibzFWSWJ...',
              scope: 'users.read tweet.read offline.access users.email',
              refresh_token: 'bWRWa3BXZWNK...',
            },
          }
        : {
            status: 400,
            json: {
              error: 'invalid_request',
              error_description: 'Value passed for the authorization code was invalid.',
            },
          };
    },
    'GET /2/users/me': ({ query }) => {
      if (query.get('user.fields') === 'confirmed_email') {
        // An app without e-mail access, or a token without users.email, is refused the field.
        return confirmedEmail === null
          ? { status: 403, json: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' } }
          : { json: { data: { ...USER, confirmed_email: confirmedEmail } } };
      }
      return {
        json: {
          data: {
            ...USER,
            profile_image_url: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
          },
        },
      };
    },
  });
  provider = twitter({
    clientId: 'x-client',
    clientSecret: 'x-secret',
    endpoints: {
      authorization: `${emulator.url}/i/oauth2/authorize`,
      token: `${emulator.url}/2/oauth2/token`,
      userInfo: `${emulator.url}/2/users/me`,
    },
  });
});

afterAll(() => emulator.close());

describe('twitter', () => {
  it('sends the browser to the authorization endpoint with the read, offline and e-mail scopes and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['follows.read'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'users.read tweet.read offline.access users.email follows.read',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code with the verifier, authenticating with HTTP Basic and no secret in the body', async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({
      accessToken: 'VGNibzFWSWJ...',
      refreshToken: 'bWRWa3BXZWNK...',
      scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
    });
    const sent = emulator.to('/2/oauth2/token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
    });
  });

  it('rejects a code X refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('takes the e-mail from confirmed_email, verified, and the image from profile_image_url', async () => {
    confirmedEmail = 'dev@example.com';
    expect(await provider.getUserInfo(tokensOf('x-access'))).toEqual({
      id: '2244994945',
      email: 'dev@example.com',
      emailVerified: true,
      name: 'X Dev',
      image: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
    });
    const asked = emulator.to('/2/users/me').slice(-2);
    expect(asked.map((r) => r.query.get('user.fields'))).toEqual(['profile_image_url', 'confirmed_email']);
    expect(asked.map((r) => r.headers.authorization)).toEqual(['Bearer x-access', 'Bearer x-access']);
  });

  it('maps a profile without access to the e-mail to email null and unverified, never to the username', async () => {
    confirmedEmail = null;
    expect(await provider.getUserInfo(tokensOf('x-access'))).toEqual({
      id: '2244994945',
      email: null,
      emailVerified: false,
      name: 'X Dev',
      image: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
    });
  });

  it('refreshes with HTTP Basic and takes the rotated refresh token', async () => {
    const tokens = await provider.refreshAccessToken!('bWRWa3BXZWNK...');
    expect(tokens).toMatchObject({ accessToken: 'rotated-access', refreshToken: 'rotated-refresh' });
    const sent = emulator.to('/2/oauth2/token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'bWRWa3BXZWNK...' });
  });

  it('is trusted for linking by default, since X gives out only confirmed addresses', () => {
    expect(provider.trustedForLinking).toBe(true);
  });
});
