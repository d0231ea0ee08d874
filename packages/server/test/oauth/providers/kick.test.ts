/**
 * Kick against an emulator of id.kick.com's token endpoint and api.kick.com's users endpoint, with
 * their documented shapes: PKCE, the profile as the first entry of `data`, and an address that is
 * never taken as verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { kick } from '../../../src/oauth/providers/kick';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const REDIRECT = 'http://localhost:3000/api/auth/callback/kick';
const VERIFIER = 'v'.repeat(128);
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let users: unknown[] = [];
const bearer = (accessToken: string): ProviderTokens => ({
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
    'POST /oauth/token': ({ form }) =>
      form.get('code_verifier') === VERIFIER || form.get('grant_type') === 'refresh_token'
        ? {
            json: {
              access_token: 'kick-access',
              token_type: 'Bearer',
              refresh_token: 'kick-refresh',
              expires_in: 3600,
              scope: 'user:read',
            },
          }
        : { status: 400, json: { error: 'invalid_grant' } },
    'GET /public/v1/users': () => ({ json: { data: users, message: 'OK' } }),
  });
  provider = kick({
    clientId: 'kick-app',
    clientSecret: 'kick-secret',
    endpoints: {
      authorization: `${emulator.url}/oauth/authorize`,
      token: `${emulator.url}/oauth/token`,
      userInfo: `${emulator.url}/public/v1/users`,
    },
  });
});

afterAll(() => emulator.close());

describe('kick', () => {
  it("sends the browser to Kick's authorize endpoint with user:read and an S256 challenge", async () => {
    const url = await kick({ clientId: 'kick-app', clientSecret: 's' }).createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['channel:read'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe('https://id.kick.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'kick-app',
      scope: 'user:read channel:read',
      code_challenge_method: 'S256',
    });
    expect(provider).toMatchObject({ id: 'kick', name: 'Kick', trustedForLinking: false });
  });

  it('exchanges the code with the verifier and refreshes', async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'c',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({ accessToken: 'kick-access', refreshToken: 'kick-refresh', scopes: ['user:read'] });
    expect(Object.fromEntries(emulator.to('/oauth/token').at(-1)!.form)).toMatchObject({
      code: 'c',
      code_verifier: VERIFIER,
      client_id: 'kick-app',
      client_secret: 'kick-secret',
    });
    await expect(
      provider.validateAuthorizationCode({ code: 'c', codeVerifier: 'w'.repeat(128), redirectURI: REDIRECT }),
    ).rejects.toThrow();
    expect(await provider.refreshAccessToken!('kick-refresh')).toMatchObject({ accessToken: 'kick-access' });
  });

  it('maps the first user of the answer, never with a verified address', async () => {
    users = [
      {
        user_id: 4377088,
        name: 'kickstreamer',
        email: 'ks@example.com',
        profile_picture: 'https://files.kick.com/images/user/4377088/profile_image.webp',
      },
    ];
    expect(await provider.getUserInfo(bearer('kick-access'))).toEqual({
      id: '4377088',
      email: 'ks@example.com',
      emailVerified: false,
      name: 'kickstreamer',
      image: 'https://files.kick.com/images/user/4377088/profile_image.webp',
    });
    expect(emulator.to('/public/v1/users').at(-1)!.headers.authorization).toBe('Bearer kick-access');
    users = [];
    expect(await provider.getUserInfo(bearer('kick-access'))).toBeNull();
  });
});
