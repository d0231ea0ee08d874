/**
 * LinkedIn ("Sign In with LinkedIn using OpenID Connect") against an emulator of its token and
 * userinfo endpoints, answering the shapes of LinkedIn's documentation: the authorization URL
 * (openid profile email, no PKCE), the code exchange whose response has no `token_type` and carries
 * an id_token issued by https://www.linkedin.com/oauth, a refused code, the userinfo mapping, and
 * the refresh grant LinkedIn grants its partners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { linkedin } from '../../../src/oauth/providers/linkedin';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/linkedin';
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let userinfo: Record<string, unknown> = {};

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

function segment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An id_token shaped as LinkedIn issues it; the exchange checks its claims, not its signature. */
const now = Math.floor(Date.now() / 1000);
const ID_TOKEN = [
  segment({ typ: 'JWT', kid: 'd929668a-bab1-4c69-9598-4373149723ff', alg: 'RS256' }),
  segment({
    iss: 'https://www.linkedin.com/oauth',
    aud: 'linkedin-client',
    iat: now,
    exp: now + 3600,
    sub: '782bbtaQ',
    name: 'John Doe',
    email: 'doe@email.com',
    email_verified: 'true',
    locale: 'en-US',
  }),
  'c2lnbmF0dXJl',
].join('.');

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /oauth/v2/accessToken': ({ form }) => {
      if (form.get('grant_type') === 'refresh_token') {
        return {
          json: {
            access_token: 'BBBB2',
            expires_in: 5184000,
            refresh_token: 'BBBB3',
            refresh_token_expires_in: 525600,
            scope: 'email,openid,profile',
          },
        };
      }
      return form.get('code') === 'good-code'
        ? {
            json: {
              access_token: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
              expires_in: 5184000,
              scope: 'email,openid,profile',
              id_token: ID_TOKEN,
            },
          }
        : {
            status: 400,
            json: {
              error: 'invalid_request',
              error_description:
                'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
            },
          };
    },
    'GET /v2/userinfo': () => ({ json: userinfo }),
  });
  provider = linkedin({
    clientId: 'linkedin-client',
    clientSecret: 'linkedin-secret',
    endpoints: {
      authorization: `${emulator.url}/oauth/v2/authorization`,
      token: `${emulator.url}/oauth/v2/accessToken`,
      userInfo: `${emulator.url}/v2/userinfo`,
    },
  });
});

afterAll(() => emulator.close());

describe('linkedin', () => {
  it('sends the browser to the authorization endpoint with openid profile email and no PKCE challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
      loginHint: 'doe@email.com',
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'linkedin-client',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'openid profile email',
      login_hint: 'doe@email.com',
    });
  });

  it('exchanges the code with the secret in the body, mending the missing token_type and keeping the id_token', async () => {
    const before = Date.now();
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({
      accessToken: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
      refreshToken: null,
      idToken: ID_TOKEN,
      scopes: ['email', 'openid', 'profile'],
    });
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 5184000 * 1000);
    const sent = emulator.to('/oauth/v2/accessToken').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: REDIRECT,
      client_id: 'linkedin-client',
      client_secret: 'linkedin-secret',
    });
  });

  it('rejects a code LinkedIn refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('maps the OpenID Connect userinfo: sub, name, picture and the verified e-mail', async () => {
    userinfo = {
      sub: 'vaz8tJ1Aah',
      email_verified: true,
      name: 'Example User',
      locale: { country: 'US', language: 'en' },
      given_name: 'Example',
      family_name: 'User',
      email: 'user@example.com',
      picture: 'https://media.licdn.com/dms/image/v2/example_user',
    };
    expect(await provider.getUserInfo(tokensOf('AQUvlL'))).toEqual({
      id: 'vaz8tJ1Aah',
      email: 'user@example.com',
      emailVerified: true,
      name: 'Example User',
      image: 'https://media.licdn.com/dms/image/v2/example_user',
    });
    expect(emulator.to('/v2/userinfo').at(-1)!.headers.authorization).toBe('Bearer AQUvlL');
  });

  it('reports an unconfirmed address as unverified and builds the name from its parts when there is none', async () => {
    userinfo = {
      sub: 'abc',
      email: 'x@example.com',
      email_verified: false,
      given_name: 'Ada',
      family_name: 'Lovelace',
    };
    expect(await provider.getUserInfo(tokensOf('t'))).toEqual({
      id: 'abc',
      email: 'x@example.com',
      emailVerified: false,
      name: 'Ada Lovelace',
      image: null,
    });
  });

  it('refreshes with the client secret, taking the new refresh token and its lifetime', async () => {
    const before = Date.now();
    const tokens = await provider.refreshAccessToken!('BBBB1');
    expect(tokens).toMatchObject({ accessToken: 'BBBB2', refreshToken: 'BBBB3' });
    expect(tokens.refreshTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 525600 * 1000);
    expect(Object.fromEntries(emulator.to('/oauth/v2/accessToken').at(-1)!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'BBBB1',
      client_id: 'linkedin-client',
      client_secret: 'linkedin-secret',
    });
  });

  it('is trusted for linking by default, since LinkedIn asserts email_verified only for confirmed addresses', () => {
    expect(provider.trustedForLinking).toBe(true);
  });
});
