/**
 * GitHub against an emulator of its token, user and e-mails endpoints, answering GitHub's
 * documented shapes: the authorization URL, the code exchange with PKCE, and the profile mapping,
 * whose e-mail (and whether it is verified) comes from `/user/emails` when the profile hides it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { github } from '../../../src/oauth/providers/github';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let emails: unknown[] = [];
let profile: Record<string, unknown> = {};

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /login/oauth/access_token': ({ form }) =>
      form.get('code') === 'good-code'
        ? { json: { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' } }
        : // GitHub answers a bad code with 200 and an error body.
          { json: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' } },
    'GET /user': () => ({ json: profile }),
    'GET /user/emails': () => ({ json: emails }),
  });
  provider = github({
    clientId: 'gh-client',
    clientSecret: 'gh-secret',
    endpoints: {
      authorization: `${emulator.url}/login/oauth/authorize`,
      token: `${emulator.url}/login/oauth/access_token`,
      userInfo: `${emulator.url}/user`,
    },
  });
});

afterAll(() => emulator.close());

describe('github', () => {
  it('sends the browser to the authorization endpoint with its scopes, the state and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: ['repo'],
      redirectURI: 'http://localhost:3000/api/auth/callback/github',
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'gh-client',
      redirect_uri: 'http://localhost:3000/api/auth/callback/github',
      state: 's'.repeat(32),
      scope: 'read:user user:email repo',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("exchanges the code with the verifier and the client secret, and reads GitHub's comma-separated scopes", async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: 'http://localhost:3000/api/auth/callback/github',
    });
    expect(tokens).toMatchObject({ accessToken: 'gho_token', refreshToken: null, scopes: ['read:user', 'user:email'] });
    const sent = emulator.to('/login/oauth/access_token').at(-1)!;
    expect(Object.fromEntries(sent.form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      client_id: 'gh-client',
      client_secret: 'gh-secret',
    });
    expect(sent.headers.accept).toContain('application/json');
  });

  it('rejects a code GitHub refuses (its 200 with an error body)', async () => {
    await expect(
      provider.validateAuthorizationCode({
        code: 'bad',
        codeVerifier: VERIFIER,
        redirectURI: 'http://localhost:3000/cb',
      }),
    ).rejects.toThrow();
  });

  it('maps a profile without a public e-mail to the primary address of /user/emails, verified as GitHub says', async () => {
    profile = { id: 4242, login: 'octo', name: null, email: null, avatar_url: 'https://avatars.example/4242' };
    emails = [
      { email: 'old@example.com', primary: false, verified: true, visibility: null },
      { email: 'octo@example.com', primary: true, verified: true, visibility: 'private' },
    ];
    const user = await provider.getUserInfo({
      accessToken: 'gho_token',
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: [],
      raw: {},
    });
    expect(user).toEqual({
      id: '4242',
      email: 'octo@example.com',
      emailVerified: true,
      name: 'octo',
      image: 'https://avatars.example/4242',
    });
    expect(emulator.to('/user').at(-1)!.headers).toMatchObject({
      authorization: 'Bearer gho_token',
      'user-agent': 'Latchkey',
    });
  });

  it('keeps the public e-mail and reports it unverified when GitHub has not verified it', async () => {
    profile = { id: 7, login: 'x', name: 'X Person', email: 'x@example.com', avatar_url: null };
    emails = [{ email: 'x@example.com', primary: true, verified: false, visibility: 'public' }];
    const user = await provider.getUserInfo({
      accessToken: 't',
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: [],
      raw: {},
    });
    expect(user).toEqual({ id: '7', email: 'x@example.com', emailVerified: false, name: 'X Person', image: null });
  });
});
