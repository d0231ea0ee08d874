/**
 * Discord against an emulator of its token and `/users/@me` endpoints, answering the shapes of
 * Discord's documentation: the authorization URL, the code exchange with PKCE and the secret in the
 * body, a refused code, the profile mapping (the avatar URL built from the hash, the default avatar
 * for new and old usernames, `verified`), and the refresh grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { discord } from '../../../src/oauth/providers/discord';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/discord';
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let user: Record<string, unknown> = {};
let userStatus = 200;

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
    'POST /api/oauth2/token': ({ form }) => {
      if (form.get('grant_type') === 'refresh_token') {
        return {
          json: {
            access_token: 'refreshed-access',
            token_type: 'Bearer',
            expires_in: 604800,
            refresh_token: 'next-refresh',
            scope: 'identify email',
          },
        };
      }
      return form.get('code') === 'good-code'
        ? {
            json: {
              access_token: '6qrZcUqja7812RVdnEKjpzOL4CvHBFG',
              token_type: 'Bearer',
              expires_in: 604800,
              refresh_token: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
              scope: 'identify email',
            },
          }
        : { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    },
    'GET /api/users/@me': () => ({
      status: userStatus,
      json: userStatus === 200 ? user : { message: '401: Unauthorized', code: 0 },
    }),
  });
  provider = discord({
    clientId: 'discord-client',
    clientSecret: 'discord-secret',
    endpoints: {
      authorization: `${emulator.url}/api/oauth2/authorize`,
      token: `${emulator.url}/api/oauth2/token`,
      userInfo: `${emulator.url}/api/users/@me`,
    },
  });
});

afterAll(() => emulator.close());

describe('discord', () => {
  it('sends the browser to the authorization endpoint with identify and email, prompt=none and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['guilds'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/api/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'discord-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'identify email guilds',
      prompt: 'none',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code with the verifier and the client secret in the body', async () => {
    const before = Date.now();
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({
      accessToken: '6qrZcUqja7812RVdnEKjpzOL4CvHBFG',
      refreshToken: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
      scopes: ['identify', 'email'],
    });
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 604800 * 1000);
    const sent = emulator.to('/api/oauth2/token').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      client_id: 'discord-client',
      client_secret: 'discord-secret',
    });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('rejects a code Discord refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps the documented user object: the avatar URL from id and hash, verified e-mail, the username when there is no display name', async () => {
    user = {
      id: '80351110224678912',
      username: 'Nelly',
      discriminator: '1337',
      avatar: '8342729096ea3675442027381ff50dfe',
      verified: true,
      email: 'nelly@discord.com',
      flags: 64,
      banner: '06c16474723fe537c283b8efa61a30c8',
      accent_color: 16711680,
      premium_type: 1,
      public_flags: 64,
    };
    expect(await provider.getUserInfo(tokensOf('discord-access'))).toEqual({
      id: '80351110224678912',
      email: 'nelly@discord.com',
      emailVerified: true,
      name: 'Nelly',
      image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    });
    expect(emulator.to('/api/users/@me').at(-1)!.headers.authorization).toBe('Bearer discord-access');
  });

  it('serves an animated avatar as a gif and prefers the global display name', async () => {
    user = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly G',
      discriminator: '0',
      avatar: 'a_1269e74af4df7417b13759eae50c83dc',
      verified: true,
      email: 'nelly@discord.com',
    };
    expect(await provider.getUserInfo(tokensOf('t'))).toMatchObject({
      name: 'Nelly G',
      image: 'https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif',
    });
  });

  it('gives a migrated user without an avatar the default avatar of (id >> 22) % 6', async () => {
    user = {
      id: '1234567890123456789',
      username: 'newname',
      global_name: null,
      discriminator: '0',
      avatar: null,
      verified: true,
      email: 'n@example.com',
    };
    expect((await provider.getUserInfo(tokensOf('t')))!.image).toBe('https://cdn.discordapp.com/embed/avatars/1.png');
  });

  it('gives a legacy user without an avatar the default avatar of discriminator % 5', async () => {
    user = {
      id: '80351110224678912',
      username: 'Nelly',
      discriminator: '1337',
      avatar: null,
      verified: true,
      email: 'nelly@discord.com',
    };
    expect((await provider.getUserInfo(tokensOf('t')))!.image).toBe('https://cdn.discordapp.com/embed/avatars/2.png');
  });

  it('reports an unconfirmed address as unverified, and a phone-only account as having no e-mail', async () => {
    user = { id: '1', username: 'u', discriminator: '0', avatar: null, verified: false, email: 'u@example.com' };
    expect(await provider.getUserInfo(tokensOf('t'))).toMatchObject({ email: 'u@example.com', emailVerified: false });
    user = { id: '1', username: 'u', discriminator: '0', avatar: null, verified: true, email: null };
    expect(await provider.getUserInfo(tokensOf('t'))).toMatchObject({ email: null, emailVerified: false });
  });

  it('answers no profile when Discord refuses the access token', async () => {
    userStatus = 401;
    try {
      expect(await provider.getUserInfo(tokensOf('expired'))).toBeNull();
    } finally {
      userStatus = 200;
    }
  });

  it('refreshes with the refresh token and the client secret, taking the new refresh token', async () => {
    const tokens = await provider.refreshAccessToken!('D43f5y0ahjqew82jZ4NViEr2YafMKhue');
    expect(tokens).toMatchObject({ accessToken: 'refreshed-access', refreshToken: 'next-refresh' });
    expect(Object.fromEntries(emulator.to('/api/oauth2/token').at(-1)!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
      client_id: 'discord-client',
      client_secret: 'discord-secret',
    });
  });

  it('is trusted for linking by default, since Discord verifies addresses, unless configured otherwise', () => {
    expect(provider.trustedForLinking).toBe(true);
    expect(discord({ clientId: 'c', trustedForLinking: false }).trustedForLinking).toBe(false);
  });
});
