/**
 * Roblox against an emulator of its token and userinfo endpoints, answering Roblox's documented
 * shapes: PKCE, id_tokens signed with ES256 by the issuer `…/oauth/`, single-use refresh tokens,
 * and a profile (`openid profile`) without an e-mail.
 */
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { roblox } from '../../../src/oauth/providers/roblox';
import type { EmulatedResponse } from '../../support/provider-emulator';
import { describeOAuthProvider, GOOD_CODE } from '../../support/provider-conformance';
import { VERIFIER } from '../../support/provider-sign-in';

const NONCE = 'n0nce';
let key: CryptoKey;
let issuer: string;
let idTokenIssuer: string | undefined;

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
});

describeOAuthProvider<EmulatedResponse>({
  id: 'roblox',
  clientId: 'rb-client',
  clientSecret: 'rb-secret',
  clientAuth: 'body',
  routes: (userInfo) => ({
    'POST /oauth/v1/token': async ({ form }) => {
      if (form.get('client_id') !== 'rb-client' || form.get('client_secret') !== 'rb-secret')
        return { status: 401, json: { error: 'invalid_client' } };
      const exchanged =
        form.get('grant_type') === 'authorization_code' &&
        form.get('code') === GOOD_CODE &&
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
          id_token: await idToken(exchanged ? NONCE : undefined),
          scope: 'openid profile',
        },
      };
    },
    'GET /oauth/v1/userinfo': userInfo,
  }),
  build: (url) => {
    issuer = `${url}/oauth/`;
    return roblox({
      clientId: 'rb-client',
      clientSecret: 'rb-secret',
      endpoints: {
        authorization: `${url}/oauth/v1/authorize`,
        token: `${url}/oauth/v1/token`,
        userInfo: `${url}/oauth/v1/userinfo`,
        issuer,
      },
    });
  },
  authorization: {
    title: "sends the browser with openid profile, an S256 challenge, the nonce and better-auth's prompt",
    path: '/oauth/v1/authorize',
    scopes: [],
    params: { scope: 'openid profile', nonce: NONCE, prompt: 'select_account consent' },
    pkce: true,
    request: { nonce: NONCE },
  },
  exchange: {
    title: "exchanges the code with the verifier and the secret, and accepts Roblox's ES256 id_token",
    tokenPath: '/oauth/v1/token',
    tokens: {
      accessToken: 'rb-access-1',
      refreshToken: 'rb-refresh-1',
      idToken: expect.stringMatching(/^ey/),
      scopes: ['openid', 'profile'],
    },
    request: { nonce: NONCE },
  },
  refusedCode: { title: 'rejects a code Roblox refuses' },
  profilePath: '/oauth/v1/userinfo',
  profiles: [
    {
      title: 'maps the userinfo claims: sub, the display name, the headshot, and a placeholder address never verified',
      serves: {
        json: {
          sub: '156',
          name: 'Builder',
          nickname: 'Builder',
          preferred_username: 'builderman',
          created_at: 1584682495,
          profile: 'https://www.roblox.com/users/156/profile',
          picture: 'https://tr.rbxcdn.example/headshot/150/150/AvatarHeadshot/Png',
        },
      },
      accessToken: 'rb-access-1',
      user: {
        id: '156',
        email: '156@roblox.invalid',
        emailVerified: false,
        name: 'Builder',
        image: 'https://tr.rbxcdn.example/headshot/150/150/AvatarHeadshot/Png',
      },
    },
    {
      title: 'falls back to the username, and to no image while the headshot is not generated',
      serves: { json: { sub: '157', nickname: '', preferred_username: 'noname', picture: null } },
      accessToken: 't',
      user: { id: '157', email: '157@roblox.invalid', emailVerified: false, name: 'noname', image: null },
    },
    {
      title: 'takes the address and its verification from the claims when Roblox grants the email scope',
      serves: { json: { sub: '158', nickname: 'Mail', email: 'mail@example.com', email_verified: true } },
      accessToken: 't',
      user: { id: '158', email: 'mail@example.com', emailVerified: true },
      partial: true,
    },
    {
      title: 'answers no profile without a subject (an access token Roblox refuses)',
      serves: { status: 401, json: { error: 'invalid_token' } },
      accessToken: 'stale',
      user: null,
    },
  ],
  refresh: {
    title: 'refreshes with the secret and takes the new single-use refresh token and its id_token',
    refreshToken: 'rb-refresh-1',
    tokens: { accessToken: 'rb-access-2', refreshToken: 'rb-refresh-2', idToken: expect.stringMatching(/^ey/) },
  },
  quirks: (suite) => {
    it('refuses an id_token from another issuer', async () => {
      idTokenIssuer = 'https://apis.roblox.example/oauth/';
      try {
        await expect(
          suite.provider.validateAuthorizationCode({
            code: GOOD_CODE,
            codeVerifier: VERIFIER,
            redirectURI: suite.redirectURI,
            nonce: NONCE,
          }),
        ).rejects.toThrow();
      } finally {
        idTokenIssuer = undefined;
      }
    });
  },
});
