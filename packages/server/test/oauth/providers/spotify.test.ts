/**
 * Spotify against an emulator of its accounts service and Web API, answering the shapes of
 * Spotify's documentation: the authorization URL with PKCE, the code exchange with the client's
 * credentials in an HTTP Basic header, a refused code, the profile mapping (images[0], an e-mail
 * Spotify never verifies), and the refresh grant, which may answer no new refresh token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { spotify } from '../../../src/oauth/providers/spotify';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/spotify';
const BASIC = `Basic ${Buffer.from('spotify-client:spotify-secret').toString('base64')}`;
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let profile: Record<string, unknown> = {};

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
    'POST /api/token': ({ form }) => {
      // A refresh answer from Spotify may leave the refresh token out: the old one stays valid.
      if (form.get('grant_type') === 'refresh_token')
        return {
          json: { access_token: 'refreshed-access', token_type: 'Bearer', scope: 'user-read-email', expires_in: 3600 },
        };
      return form.get('code') === 'good-code'
        ? {
            json: {
              access_token: 'NgCXRK...MzYjw',
              token_type: 'Bearer',
              scope: 'user-read-email',
              expires_in: 3600,
              refresh_token: 'NgAagA...Um_SHo',
            },
          }
        : { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid authorization code' } };
    },
    'GET /v1/me': () => ({ json: profile }),
  });
  provider = spotify({
    clientId: 'spotify-client',
    clientSecret: 'spotify-secret',
    endpoints: {
      authorization: `${emulator.url}/authorize`,
      token: `${emulator.url}/api/token`,
      userInfo: `${emulator.url}/v1/me`,
    },
  });
});

afterAll(() => emulator.close());

describe('spotify', () => {
  it('sends the browser to the authorization endpoint with user-read-email and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['user-top-read'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'spotify-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'user-read-email user-top-read',
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
      accessToken: 'NgCXRK...MzYjw',
      refreshToken: 'NgAagA...Um_SHo',
      scopes: ['user-read-email'],
    });
    const sent = emulator.to('/api/token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
    });
  });

  it('form-encodes reserved characters of the credentials in the Basic header, as RFC 6749 asks, but no unreserved ones', async () => {
    const other = spotify({
      clientId: 'spotify-client',
      clientSecret: 'a+b/c:d-e_f',
      endpoints: { token: `${emulator.url}/api/token` },
    });
    await other.validateAuthorizationCode({ code: 'good-code', codeVerifier: VERIFIER, redirectURI: REDIRECT });
    expect(emulator.to('/api/token').at(-1)!.headers.authorization).toBe(
      `Basic ${Buffer.from('spotify-client:a%2Bb%2Fc%3Ad-e_f').toString('base64')}`,
    );
  });

  it('rejects a code Spotify refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps the documented profile: display name, the first image, and an e-mail that is never verified', async () => {
    profile = {
      country: 'SE',
      display_name: 'JM Wizzler',
      email: 'email@example.com',
      explicit_content: { filter_enabled: false, filter_locked: false },
      external_urls: { spotify: 'https://open.spotify.com/user/wizzler' },
      followers: { href: null, total: 3829 },
      href: 'https://api.spotify.com/v1/users/wizzler',
      id: 'wizzler',
      images: [
        { url: 'https://i.scdn.co/image/ab6775700000ee85wizzler640', height: 640, width: 640 },
        { url: 'https://i.scdn.co/image/ab67757000003b82wizzler64', height: 64, width: 64 },
      ],
      product: 'premium',
      type: 'user',
      uri: 'spotify:user:wizzler',
    };
    expect(await provider.getUserInfo(tokensOf('spotify-access'))).toEqual({
      id: 'wizzler',
      email: 'email@example.com',
      emailVerified: false,
      name: 'JM Wizzler',
      image: 'https://i.scdn.co/image/ab6775700000ee85wizzler640',
    });
    expect(emulator.to('/v1/me').at(-1)!.headers.authorization).toBe('Bearer spotify-access');
  });

  it('names a user without a display name by their id, and has no image when there is none', async () => {
    profile = { id: 'anon', display_name: null, email: 'anon@example.com', images: [] };
    expect(await provider.getUserInfo(tokensOf('t'))).toEqual({
      id: 'anon',
      email: 'anon@example.com',
      emailVerified: false,
      name: 'anon',
      image: null,
    });
  });

  it('refreshes with HTTP Basic and keeps the refresh token when Spotify sends no new one', async () => {
    const tokens = await provider.refreshAccessToken!('NgAagA...Um_SHo');
    expect(tokens).toMatchObject({ accessToken: 'refreshed-access', refreshToken: 'NgAagA...Um_SHo' });
    const sent = emulator.to('/api/token').at(-1)!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(sent.form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'NgAagA...Um_SHo' });
  });

  it('is not trusted for linking by default, since Spotify does not verify addresses', () => {
    expect(provider.trustedForLinking).toBe(false);
  });
});
