/**
 * LinkedIn ("Sign In with LinkedIn using OpenID Connect") against an emulator of its token and
 * userinfo endpoints, answering the shapes of LinkedIn's documentation: the authorization URL
 * (openid profile email, no PKCE), the code exchange whose response has no `token_type` and carries
 * an id_token issued by https://www.linkedin.com/oauth, a refused code, the userinfo mapping, and
 * the refresh grant LinkedIn grants its partners.
 */
import { linkedin } from '../../../src/oauth/providers/linkedin';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';

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

describeOAuthProvider<Record<string, unknown>>({
  id: 'linkedin',
  clientId: 'linkedin-client',
  clientSecret: 'linkedin-secret',
  clientAuth: 'body',
  routes: (served) => ({
    'POST /oauth/v2/accessToken': tokenEndpoint({
      issued: {
        access_token: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
        expires_in: 5184000,
        scope: 'email,openid,profile',
        id_token: ID_TOKEN,
      },
      refreshed: {
        access_token: 'BBBB2',
        expires_in: 5184000,
        refresh_token: 'BBBB3',
        refresh_token_expires_in: 525600,
        scope: 'email,openid,profile',
      },
      refused: {
        error: 'invalid_request',
        error_description:
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
      },
    }),
    'GET /v2/userinfo': () => ({ json: served() }),
  }),
  build: (url) =>
    linkedin({
      clientId: 'linkedin-client',
      clientSecret: 'linkedin-secret',
      endpoints: {
        authorization: `${url}/oauth/v2/authorization`,
        token: `${url}/oauth/v2/accessToken`,
        userInfo: `${url}/v2/userinfo`,
      },
    }),
  authorization: {
    title: 'sends the browser to the authorization endpoint with openid profile email and no PKCE challenge',
    path: '/oauth/v2/authorization',
    scopes: [],
    params: { scope: 'openid profile email', login_hint: 'doe@email.com' },
    pkce: false,
    request: { loginHint: 'doe@email.com' },
  },
  exchange: {
    title: 'exchanges the code with the secret in the body, mending the missing token_type and keeping the id_token',
    tokenPath: '/oauth/v2/accessToken',
    tokens: {
      accessToken: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
      refreshToken: null,
      idToken: ID_TOKEN,
      scopes: ['email', 'openid', 'profile'],
    },
    expiresIn: 5184000,
  },
  refusedCode: { title: 'rejects a code LinkedIn refuses' },
  profilePath: '/v2/userinfo',
  profiles: [
    {
      title: 'maps the OpenID Connect userinfo: sub, name, picture and the verified e-mail',
      serves: {
        sub: 'vaz8tJ1Aah',
        email_verified: true,
        name: 'Example User',
        locale: { country: 'US', language: 'en' },
        given_name: 'Example',
        family_name: 'User',
        email: 'user@example.com',
        picture: 'https://media.licdn.com/dms/image/v2/example_user',
      },
      accessToken: 'AQUvlL',
      user: {
        id: 'vaz8tJ1Aah',
        email: 'user@example.com',
        emailVerified: true,
        name: 'Example User',
        image: 'https://media.licdn.com/dms/image/v2/example_user',
      },
    },
    {
      title: 'reports an unconfirmed address as unverified and builds the name from its parts when there is none',
      serves: { sub: 'abc', email: 'x@example.com', email_verified: false, given_name: 'Ada', family_name: 'Lovelace' },
      accessToken: 't',
      user: { id: 'abc', email: 'x@example.com', emailVerified: false, name: 'Ada Lovelace', image: null },
    },
  ],
  refresh: {
    title: 'refreshes with the client secret, taking the new refresh token and its lifetime',
    refreshToken: 'BBBB1',
    tokens: { accessToken: 'BBBB2', refreshToken: 'BBBB3' },
    refreshExpiresIn: 525600,
  },
  trustedForLinking: {
    title: 'is trusted for linking by default, since LinkedIn asserts email_verified only for confirmed addresses',
    trusted: true,
  },
});
