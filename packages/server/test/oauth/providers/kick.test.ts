/**
 * Kick against an emulator of id.kick.com's token endpoint and api.kick.com's users endpoint, with
 * their documented shapes: PKCE, the profile as the first entry of `data`, and an address that is
 * never taken as verified.
 */
import { expect, it } from 'vitest';
import { kick } from '../../../src/oauth/providers/kick';
import { describeOAuthProvider, GOOD_CODE } from '../../support/provider-conformance';
import { STATE, VERIFIER } from '../../support/provider-sign-in';

describeOAuthProvider<unknown[]>({
  id: 'kick',
  clientId: 'kick-app',
  clientSecret: 'kick-secret',
  clientAuth: 'body',
  routes: (users) => ({
    'POST /oauth/token': ({ form }) =>
      (form.get('code') === GOOD_CODE && form.get('code_verifier') === VERIFIER) ||
      form.get('grant_type') === 'refresh_token'
        ? {
            json: {
              access_token: 'kick-access',
              token_type: 'Bearer',
              refresh_token: 'kick-refresh',
              expires_in: 3600,
              scope: 'user:read',
            },
          }
        : { status: 400, json: { error: 'invalid_grant' } },
    'GET /public/v1/users': () => ({ json: { data: users(), message: 'OK' } }),
  }),
  build: (url) =>
    kick({
      clientId: 'kick-app',
      clientSecret: 'kick-secret',
      endpoints: {
        authorization: `${url}/oauth/authorize`,
        token: `${url}/oauth/token`,
        userInfo: `${url}/public/v1/users`,
      },
    }),
  authorization: {
    title: 'sends the browser to the authorize endpoint with user:read and an S256 challenge',
    path: '/oauth/authorize',
    scopes: ['channel:read'],
    params: { scope: 'user:read channel:read' },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier and the secret',
    tokenPath: '/oauth/token',
    tokens: { accessToken: 'kick-access', refreshToken: 'kick-refresh', scopes: ['user:read'] },
  },
  refusedCode: {
    title: 'rejects a code exchanged with another verifier',
    request: { code: GOOD_CODE, codeVerifier: 'w'.repeat(128) },
  },
  profilePath: '/public/v1/users',
  profiles: [
    {
      title: 'maps the first user of the answer, never with a verified address',
      serves: [
        {
          user_id: 4377088,
          name: 'kickstreamer',
          email: 'ks@example.com',
          profile_picture: 'https://files.kick.com/images/user/4377088/profile_image.webp',
        },
      ],
      accessToken: 'kick-access',
      user: {
        id: '4377088',
        email: 'ks@example.com',
        emailVerified: false,
        name: 'kickstreamer',
        image: 'https://files.kick.com/images/user/4377088/profile_image.webp',
      },
    },
    { title: 'answers no profile when the answer holds no user', serves: [], accessToken: 'kick-access', user: null },
  ],
  refresh: {
    title: 'refreshes with the secret',
    refreshToken: 'kick-refresh',
    tokens: { accessToken: 'kick-access' },
  },
  trustedForLinking: { title: 'is not trusted for linking, since Kick does not verify addresses', trusted: false },
  quirks: (suite) => {
    it("uses Kick's own endpoints by default and is named Kick", async () => {
      const url = await kick({ clientId: 'kick-app', clientSecret: 's' }).createAuthorizationURL({
        state: STATE,
        codeVerifier: VERIFIER,
        scopes: [],
        redirectURI: suite.redirectURI,
      });
      expect(url.origin + url.pathname).toBe('https://id.kick.com/oauth/authorize');
      expect(suite.provider).toMatchObject({ id: 'kick', name: 'Kick' });
    });
  },
});
