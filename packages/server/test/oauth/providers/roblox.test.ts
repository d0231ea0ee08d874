/**
 * Roblox against an emulator of its token and userinfo endpoints, answering Roblox's documented
 * shapes: PKCE, id_tokens signed with ES256 by the issuer `…/oauth/`, single-use refresh tokens,
 * and a profile (`openid profile`) without an e-mail.
 */
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { roblox } from '../../../src/oauth/providers/roblox';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/roblox';
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let key: CryptoKey;
let issuer: string;
let idTokenIssuer: string | undefined;
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

function idToken(nonce: string | undefined): Promise<string> {
  const jwt = new SignJWT({
    nickname: 'Builder',
    preferred_username: 'builderman',
    ...(nonce === undefined ? {} : { nonce }),
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'roblox-key' })
    .setIssuer(idTokenIssuer ?? issuer)
    .setAudience('rb-client')
    .setSubject('156')
    .setIssuedAt()
    .setExpirationTime('1h');
  return jwt.sign(key);
}

beforeAll(async () => {
  ({ privateKey: key } = await generateKeyPair('ES256'));
  emulator = await startProviderEmulator({
    'POST /oauth/v1/token': async ({ form }) => {
      if (form.get('client_id') !== 'rb-client' || form.get('client_secret') !== 'rb-secret')
        return { status: 401, json: { error: 'invalid_client' } };
      const exchanged =
        form.get('grant_type') === 'authorization_code' &&
        form.get('code') === 'good-code' &&
        form.get('code_verifier') === VERIFIER;
      const refreshed = form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'rb-refresh-1';
      if (!exchanged && !refreshed)
        return {
          status: 400,
          json: { error: 'invalid_grant', error_description: 'The authorization code is invalid or has expired.' },
        };
      return {
        json: {
          access_token: refreshed ? 'rb-access-2' : 'rb-access-1',
          refresh_token: refreshed ? 'rb-refresh-2' : 'rb-refresh-1',
          token_type: 'Bearer',
          expires_in: 899,
          id_token: await idToken(exchanged ? 'n0nce' : undefined),
          scope: 'openid profile',
        },
      };
    },
    'GET /oauth/v1/userinfo': () => userInfo,
  });
  issuer = `${emulator.url}/oauth/`;
  provider = roblox({
    clientId: 'rb-client',
    clientSecret: 'rb-secret',
    endpoints: {
      authorization: `${emulator.url}/oauth/v1/authorize`,
      token: `${emulator.url}/oauth/v1/token`,
      userInfo: `${emulator.url}/oauth/v1/userinfo`,
      issuer,
    },
  });
});

afterAll(() => emulator.close());

describe('roblox', () => {
  it("sends the browser with openid profile, an S256 challenge, the nonce and better-auth's prompt", async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
      nonce: 'n0nce',
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/oauth/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'rb-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'openid profile',
      code_challenge_method: 'S256',
      nonce: 'n0nce',
      prompt: 'select_account consent',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("exchanges the code with the verifier and the secret, and accepts Roblox's ES256 id_token", async () => {
    idTokenIssuer = undefined;
    const result = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
      nonce: 'n0nce',
    });
    expect(result).toMatchObject({
      accessToken: 'rb-access-1',
      refreshToken: 'rb-refresh-1',
      scopes: ['openid', 'profile'],
    });
    expect(result.idToken).toMatch(/^ey/);
    const sent = emulator.to('/oauth/v1/token').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      client_id: 'rb-client',
      client_secret: 'rb-secret',
    });
  });

  it('refuses an id_token from another issuer', async () => {
    idTokenIssuer = 'https://apis.roblox.example/oauth/';
    await expect(
      provider.validateAuthorizationCode({
        code: 'good-code',
        codeVerifier: VERIFIER,
        redirectURI: REDIRECT,
        nonce: 'n0nce',
      }),
    ).rejects.toThrow();
    idTokenIssuer = undefined;
  });

  it('rejects a code Roblox refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'expired', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps the userinfo claims: sub, the display name, the headshot, and a placeholder address never verified', async () => {
    userInfo = {
      json: {
        sub: '156',
        name: 'Builder',
        nickname: 'Builder',
        preferred_username: 'builderman',
        created_at: 1584682495,
        profile: 'https://www.roblox.com/users/156/profile',
        picture: 'https://tr.rbxcdn.example/headshot/150/150/AvatarHeadshot/Png',
      },
    };
    const user = await provider.getUserInfo(tokens('rb-access-1'));
    expect(user).toEqual({
      id: '156',
      email: '156@roblox.invalid',
      emailVerified: false,
      name: 'Builder',
      image: 'https://tr.rbxcdn.example/headshot/150/150/AvatarHeadshot/Png',
    });
    expect(emulator.to('/oauth/v1/userinfo').at(-1)!.headers.authorization).toBe('Bearer rb-access-1');
  });

  it('falls back to the username, and to no image while the headshot is not generated', async () => {
    userInfo = { json: { sub: '157', nickname: '', preferred_username: 'noname', picture: null } };
    expect(await provider.getUserInfo(tokens('t'))).toEqual({
      id: '157',
      email: '157@roblox.invalid',
      emailVerified: false,
      name: 'noname',
      image: null,
    });
  });

  it('takes the address and its verification from the claims when Roblox grants the email scope', async () => {
    userInfo = { json: { sub: '158', nickname: 'Mail', email: 'mail@example.com', email_verified: true } };
    expect(await provider.getUserInfo(tokens('t'))).toMatchObject({
      id: '158',
      email: 'mail@example.com',
      emailVerified: true,
    });
  });

  it('answers no profile without a subject (an access token Roblox refuses)', async () => {
    userInfo = { status: 401, json: { error: 'invalid_token' } };
    expect(await provider.getUserInfo(tokens('stale'))).toBeNull();
  });

  it('refreshes with the secret and takes the new single-use refresh token and its id_token', async () => {
    const result = await provider.refreshAccessToken!('rb-refresh-1');
    expect(result).toMatchObject({ accessToken: 'rb-access-2', refreshToken: 'rb-refresh-2' });
    expect(result.idToken).toMatch(/^ey/);
    const sent = emulator.to('/oauth/v1/token').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rb-refresh-1',
      client_id: 'rb-client',
      client_secret: 'rb-secret',
    });
  });
});
