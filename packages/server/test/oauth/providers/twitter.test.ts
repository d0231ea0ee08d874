/**
 * X (Twitter) against an emulator of its OAuth 2.0 token endpoint and `/2/users/me`, answering the
 * shapes of X's documentation: the authorization URL with its mandatory PKCE, the code exchange with
 * HTTP Basic client authentication, a refused code, the profile (which carries no e-mail: only a
 * separate `confirmed_email` lookup gives one, verified), and the refresh grant, which rotates.
 */
import { expect } from 'vitest';
import { twitter } from '../../../src/oauth/providers/twitter';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';

const USER = { id: '2244994945', name: 'X Dev', username: 'TwitterDev' };
const IMAGE = 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg';
const SCOPE = 'users.read tweet.read offline.access users.email';

/** What the profile endpoint serves: the confirmed address, or null for an app refused the field. */
describeOAuthProvider<string | null>({
  id: 'twitter',
  clientId: 'x-client',
  clientSecret: 'x-secret',
  clientAuth: 'basic',
  routes: (confirmedEmail) => ({
    'POST /2/oauth2/token': tokenEndpoint({
      issued: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: 'VGNibzFWSWJ...',
        scope: SCOPE,
        refresh_token: 'bWRWa3BXZWNK...',
      },
      refreshed: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: 'rotated-access',
        scope: SCOPE,
        refresh_token: 'rotated-refresh',
      },
      refused: { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' },
    }),
    'GET /2/users/me': ({ query }) => {
      if (query.get('user.fields') !== 'confirmed_email') {
        return { json: { data: { ...USER, profile_image_url: IMAGE } } };
      }
      // An app without e-mail access, or a token without users.email, is refused the field.
      const email = confirmedEmail();
      return email === null
        ? { status: 403, json: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' } }
        : { json: { data: { ...USER, confirmed_email: email } } };
    },
  }),
  build: (url) =>
    twitter({
      clientId: 'x-client',
      clientSecret: 'x-secret',
      endpoints: {
        authorization: `${url}/i/oauth2/authorize`,
        token: `${url}/2/oauth2/token`,
        userInfo: `${url}/2/users/me`,
      },
    }),
  authorization: {
    title:
      'sends the browser to the authorization endpoint with the read, offline and e-mail scopes and an S256 challenge',
    path: '/i/oauth2/authorize',
    scopes: ['follows.read'],
    params: { scope: `${SCOPE} follows.read` },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier, authenticating with HTTP Basic and no secret in the body',
    tokenPath: '/2/oauth2/token',
    tokens: {
      accessToken: 'VGNibzFWSWJ...',
      refreshToken: 'bWRWa3BXZWNK...',
      scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
    },
  },
  refusedCode: { title: 'rejects a code X refuses' },
  profilePath: '/2/users/me',
  profiles: [
    {
      title: 'takes the e-mail from confirmed_email, verified, and the image from profile_image_url',
      serves: 'dev@example.com',
      accessToken: 'x-access',
      user: { id: '2244994945', email: 'dev@example.com', emailVerified: true, name: 'X Dev', image: IMAGE },
      sent: (_, emulator) => {
        const asked = emulator.to('/2/users/me').slice(-2);
        expect(asked.map((r) => r.query.get('user.fields'))).toEqual(['profile_image_url', 'confirmed_email']);
        expect(asked.map((r) => r.headers.authorization)).toEqual(['Bearer x-access', 'Bearer x-access']);
      },
    },
    {
      title: 'maps a profile without access to the e-mail to email null and unverified, never to the username',
      serves: null,
      accessToken: 'x-access',
      user: { id: '2244994945', email: null, emailVerified: false, name: 'X Dev', image: IMAGE },
    },
  ],
  refresh: {
    title: 'refreshes with HTTP Basic and takes the rotated refresh token',
    refreshToken: 'bWRWa3BXZWNK...',
    tokens: { accessToken: 'rotated-access', refreshToken: 'rotated-refresh' },
  },
  trustedForLinking: {
    title: 'is trusted for linking by default, since X gives out only confirmed addresses',
    trusted: true,
  },
});
