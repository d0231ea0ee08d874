/**
 * TikTok against an emulator of its Login Kit v2 token and user-info endpoints, answering TikTok's
 * documented shapes: `client_key` instead of `client_id` in the authorization URL and the token body,
 * comma-separated scopes, `refresh_expires_in`, the `{data: {user}}` envelope with its `error.code`
 * of `ok`, and a profile without any e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { tiktok } from '../../../src/oauth/providers/tiktok';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/tiktok';
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let userInfo: { status?: number; json: unknown };

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
    'POST /v2/oauth/token/': ({ form }) => {
      if (form.get('client_key') !== 'tt-key' || form.get('client_secret') !== 'tt-secret') {
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'L1' },
        };
      }
      const grant = form.get('grant_type');
      if (
        (grant === 'authorization_code' && form.get('code') === 'good-code') ||
        (grant === 'refresh_token' && form.get('refresh_token') === 'rft.old')
      ) {
        return {
          json: {
            access_token: grant === 'refresh_token' ? 'act.new' : 'act.first',
            expires_in: 86400,
            open_id: 'tt-open-id',
            refresh_expires_in: 31536000,
            refresh_token: grant === 'refresh_token' ? 'rft.new' : 'rft.old',
            scope: 'user.info.basic,user.info.profile',
            token_type: 'Bearer',
          },
        };
      }
      return {
        status: 400,
        json: { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'L2' },
      };
    },
    'GET /v2/user/info/': () => userInfo,
  });
  provider = tiktok({
    clientId: 'tt-key',
    clientSecret: 'tt-secret',
    endpoints: {
      authorization: `${emulator.url}/v2/auth/authorize/`,
      token: `${emulator.url}/v2/oauth/token/`,
      userInfo: `${emulator.url}/v2/user/info/`,
    },
  });
});

afterAll(() => emulator.close());

describe('tiktok', () => {
  it('sends the browser with client_key (no client_id), comma-separated scopes and no PKCE challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['video.list'],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_key: 'tt-key',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'user.info.basic,user.info.profile,video.list',
    });
  });

  it('exchanges the code with client_key and client_secret in the body, and reads refresh_expires_in', async () => {
    const before = Date.now();
    const result = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(result).toMatchObject({
      accessToken: 'act.first',
      refreshToken: 'rft.old',
      scopes: ['user.info.basic', 'user.info.profile'],
    });
    expect(result.raw.open_id).toBe('tt-open-id');
    expect(result.accessTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 86400_000);
    expect(result.refreshTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 31536000_000);
    const sent = emulator.to('/v2/oauth/token/').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: REDIRECT,
      client_key: 'tt-key',
      client_secret: 'tt-secret',
    });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('rejects a code TikTok refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'expired', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps the {data: {user}} envelope: open_id as the id, display name, large avatar, and a placeholder address never verified', async () => {
    userInfo = {
      json: {
        data: {
          user: {
            open_id: 'tt-open-id',
            display_name: 'Tik Toker',
            username: 'tiktoker',
            avatar_large_url: 'https://p16.tiktokcdn.example/large.jpeg',
          },
        },
        error: { code: 'ok', message: '', log_id: 'L3' },
      },
    };
    const user = await provider.getUserInfo(tokens('act.first'));
    expect(user).toEqual({
      id: 'tt-open-id',
      email: 'tt-open-id@tiktok.invalid',
      emailVerified: false,
      name: 'Tik Toker',
      image: 'https://p16.tiktokcdn.example/large.jpeg',
    });
    const sent = emulator.to('/v2/user/info/').at(-1)!;
    expect(sent.query.get('fields')).toBe('open_id,avatar_large_url,display_name,username');
    expect(sent.headers.authorization).toBe('Bearer act.first');
  });

  it('names the user by username when TikTok has no display name', async () => {
    userInfo = {
      json: { data: { user: { open_id: 'x1', display_name: '', username: 'only_username' } }, error: { code: 'ok' } },
    };
    expect(await provider.getUserInfo(tokens('t'))).toMatchObject({ id: 'x1', name: 'only_username', image: null });
  });

  it('answers no profile when TikTok refuses the access token', async () => {
    userInfo = {
      status: 401,
      json: {
        data: {},
        error: {
          code: 'access_token_invalid',
          message: 'The access token is invalid or not found in the request.',
          log_id: 'L4',
        },
      },
    };
    expect(await provider.getUserInfo(tokens('stale'))).toBeNull();
  });

  it('refreshes with client_key and client_secret in the body, and takes the rotated refresh token', async () => {
    const result = await provider.refreshAccessToken!('rft.old');
    expect(result).toMatchObject({ accessToken: 'act.new', refreshToken: 'rft.new' });
    const sent = emulator.to('/v2/oauth/token/').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rft.old',
      client_key: 'tt-key',
      client_secret: 'tt-secret',
    });
  });
});
