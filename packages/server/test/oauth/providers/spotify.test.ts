/**
 * Spotify against an emulator of its accounts service and Web API, answering the shapes of
 * Spotify's documentation: the authorization URL with PKCE, the code exchange with the client's
 * credentials in an HTTP Basic header, a refused code, the profile mapping (images[0], an e-mail
 * Spotify never verifies), and the refresh grant, which may answer no new refresh token.
 */
import { expect, it } from 'vitest';
import { spotify } from '../../../src/oauth/providers/spotify';
import { describeOAuthProvider, GOOD_CODE, tokenEndpoint } from '../../support/provider-conformance';
import { VERIFIER } from '../../support/provider-sign-in';

describeOAuthProvider<Record<string, unknown>>({
  id: 'spotify',
  clientId: 'spotify-client',
  clientSecret: 'spotify-secret',
  clientAuth: 'basic',
  routes: (served) => ({
    'POST /api/token': tokenEndpoint({
      issued: {
        access_token: 'NgCXRK...MzYjw',
        token_type: 'Bearer',
        scope: 'user-read-email',
        expires_in: 3600,
        refresh_token: 'NgAagA...Um_SHo',
      },
      // A refresh answer from Spotify may leave the refresh token out: the old one stays valid.
      refreshed: { access_token: 'refreshed-access', token_type: 'Bearer', scope: 'user-read-email', expires_in: 3600 },
      refused: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    }),
    'GET /v1/me': () => ({ json: served() }),
  }),
  build: (url) =>
    spotify({
      clientId: 'spotify-client',
      clientSecret: 'spotify-secret',
      endpoints: { authorization: `${url}/authorize`, token: `${url}/api/token`, userInfo: `${url}/v1/me` },
    }),
  authorization: {
    title: 'sends the browser to the authorization endpoint with user-read-email and an S256 challenge',
    path: '/authorize',
    scopes: ['user-top-read'],
    params: { scope: 'user-read-email user-top-read' },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier, authenticating with HTTP Basic and no secret in the body',
    tokenPath: '/api/token',
    tokens: { accessToken: 'NgCXRK...MzYjw', refreshToken: 'NgAagA...Um_SHo', scopes: ['user-read-email'] },
  },
  refusedCode: { title: 'rejects a code Spotify refuses' },
  profilePath: '/v1/me',
  profiles: [
    {
      title: 'maps the documented profile: display name, the first image, and an e-mail that is never verified',
      serves: {
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
      },
      accessToken: 'spotify-access',
      user: {
        id: 'wizzler',
        email: 'email@example.com',
        emailVerified: false,
        name: 'JM Wizzler',
        image: 'https://i.scdn.co/image/ab6775700000ee85wizzler640',
      },
    },
    {
      title: 'names a user without a display name by their id, and has no image when there is none',
      serves: { id: 'anon', display_name: null, email: 'anon@example.com', images: [] },
      accessToken: 't',
      user: { id: 'anon', email: 'anon@example.com', emailVerified: false, name: 'anon', image: null },
    },
  ],
  refresh: {
    title: 'refreshes with HTTP Basic and keeps the refresh token when Spotify sends no new one',
    refreshToken: 'NgAagA...Um_SHo',
    tokens: { accessToken: 'refreshed-access', refreshToken: 'NgAagA...Um_SHo' },
  },
  trustedForLinking: {
    title: 'is not trusted for linking by default, since Spotify does not verify addresses',
    trusted: false,
  },
  quirks: (suite) => {
    it('form-encodes reserved characters of the credentials in the Basic header, as RFC 6749 asks, but no unreserved ones', async () => {
      const other = spotify({
        clientId: 'spotify-client',
        clientSecret: 'a+b/c:d-e_f',
        endpoints: { token: `${suite.emulator.url}/api/token` },
      });
      await other.validateAuthorizationCode({
        code: GOOD_CODE,
        codeVerifier: VERIFIER,
        redirectURI: suite.redirectURI,
      });
      expect(suite.emulator.to('/api/token').at(-1)!.headers.authorization).toBe(
        `Basic ${Buffer.from('spotify-client:a%2Bb%2Fc%3Ad-e_f').toString('base64')}`,
      );
    });
  },
});
