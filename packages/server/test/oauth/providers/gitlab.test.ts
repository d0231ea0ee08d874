/**
 * GitLab against an emulator of a self-hosted instance's token endpoint and REST API (`/api/v4/user`,
 * GitLab's documented shape): endpoints from the base URL, the code exchange with PKCE, refresh, and
 * the mapping — blocked or locked users refused, an address verified only when GitLab says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { gitlab } from '../../../src/oauth/providers/gitlab';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const REDIRECT = 'http://localhost:3000/api/auth/callback/gitlab';
const VERIFIER = 'v'.repeat(128);
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let user: Record<string, unknown> = {};
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
    'POST /gitlab/oauth/token': ({ form }) => {
      if (form.get('grant_type') === 'refresh_token')
        return {
          json: {
            access_token: 'glpat-2',
            token_type: 'Bearer',
            expires_in: 7200,
            refresh_token: 'glrt-2',
            scope: 'read_user',
            created_at: 1,
          },
        };
      return form.get('code') === 'good-code' && form.get('code_verifier') === VERIFIER
        ? {
            json: {
              access_token: 'glpat-1',
              token_type: 'Bearer',
              expires_in: 7200,
              refresh_token: 'glrt-1',
              scope: 'read_user',
              created_at: 1,
            },
          }
        : {
            status: 400,
            json: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' },
          };
    },
    'GET /gitlab/api/v4/user': () => ({ json: user }),
  });
  provider = gitlab({ clientId: 'gl-app', clientSecret: 'gl-secret', issuer: `${emulator.url}/gitlab/` });
});

afterAll(() => emulator.close());

describe('gitlab', () => {
  it("sends the browser to the instance's authorize endpoint with read_user and an S256 challenge", async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/gitlab/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'gl-app',
      scope: 'read_user',
      state: 's'.repeat(32),
      code_challenge_method: 'S256',
    });
    const hosted = await gitlab({ clientId: 'gl-app' }).createAuthorizationURL({
      state: 's',
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(hosted.origin + hosted.pathname).toBe('https://gitlab.com/oauth/authorize');
  });

  it('trusts gitlab.com for linking, a self-hosted instance only when configured, and refuses an http instance off loopback', () => {
    expect(gitlab({ clientId: 'a' }).trustedForLinking).toBe(true);
    expect(provider.trustedForLinking).toBe(false);
    expect(
      gitlab({ clientId: 'a', issuer: 'https://git.example.com', trustedForLinking: true }).trustedForLinking,
    ).toBe(true);
    expect(() => gitlab({ clientId: 'a', issuer: 'http://git.example.com' })).toThrow(/must be an https URL/);
  });

  it('exchanges the code with the verifier and the secret, and refreshes', async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({ accessToken: 'glpat-1', refreshToken: 'glrt-1', scopes: ['read_user'] });
    expect(Object.fromEntries(emulator.to('/gitlab/oauth/token').at(-1)!.form)).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: VERIFIER,
      client_id: 'gl-app',
      client_secret: 'gl-secret',
      redirect_uri: REDIRECT,
    });
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
    expect(await provider.refreshAccessToken!('glrt-1')).toMatchObject({
      accessToken: 'glpat-2',
      refreshToken: 'glrt-2',
    });
  });

  it('maps an active user, with the address unverified unless GitLab says otherwise', async () => {
    user = {
      id: 1234,
      username: 'jdoe',
      name: 'Jane Doe',
      email: 'jane@example.com',
      avatar_url: 'https://git.example.com/uploads/jdoe.png',
      state: 'active',
      locked: false,
      confirmed_at: '2024-01-01T00:00:00Z',
    };
    expect(await provider.getUserInfo(bearer('glpat-1'))).toEqual({
      id: '1234',
      email: 'jane@example.com',
      emailVerified: false,
      name: 'Jane Doe',
      image: 'https://git.example.com/uploads/jdoe.png',
    });
    expect(emulator.to('/gitlab/api/v4/user').at(-1)!.headers.authorization).toBe('Bearer glpat-1');
    user = { ...user, email_verified: true, name: '' };
    expect(await provider.getUserInfo(bearer('glpat-1'))).toMatchObject({ emailVerified: true, name: 'jdoe' });
  });

  it('refuses a blocked or locked user', async () => {
    user = { id: 1, username: 'x', name: 'X', email: 'x@example.com', avatar_url: null, state: 'blocked' };
    expect(await provider.getUserInfo(bearer('glpat-1'))).toBeNull();
    user = { ...user, state: 'active', locked: true };
    expect(await provider.getUserInfo(bearer('glpat-1'))).toBeNull();
  });
});
