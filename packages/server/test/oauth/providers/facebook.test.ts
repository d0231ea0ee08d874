/**
 * Facebook against an emulator of the Graph API (v24.0): the Login dialog URL (comma-separated
 * permissions, no PKCE), the code exchange with the secret in the body, a refused code, the token
 * checked with `debug_token` to belong to this app before `/me?fields=…` is read (with its
 * appsecret_proof), and the mapping of `picture.data.url` with an e-mail Graph never calls verified.
 */
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { facebook } from '../../../src/oauth/providers/facebook';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';
import { providerTokens, VERIFIER } from '../../support/provider-sign-in';

const APP_ID = '123456789012345';
const ME = {
  id: '10158436741287654',
  name: 'Jane Doe',
  email: 'jane@example.com',
  picture: {
    data: {
      height: 50,
      is_silhouette: false,
      url: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158436741287654&height=50&width=50&ext=1700000000&hash=AeQ',
      width: 50,
    },
  },
};

/** What the profile endpoints serve: the app `debug_token` says a token was issued to. */
describeOAuthProvider<string>({
  id: 'facebook',
  clientId: APP_ID,
  clientSecret: 'fb-secret',
  clientAuth: 'body',
  routes: (tokenApp) => ({
    'POST /v24.0/oauth/access_token': tokenEndpoint({
      issued: { access_token: 'EAAGm0PX4ZCpsBA', token_type: 'bearer', expires_in: 5183944 },
      refused: {
        error: {
          message: 'This authorization code has been used.',
          type: 'OAuthException',
          code: 100,
          fbtrace_id: 'AbCdEfGh',
        },
      },
    }),
    'GET /v24.0/debug_token': ({ query }) => ({
      json: {
        data: {
          app_id: tokenApp(),
          type: 'USER',
          application: 'Latchkey test',
          data_access_expires_at: 1700000000,
          expires_at: 1700000000,
          is_valid: query.get('input_token') !== 'revoked',
          issued_at: 1690000000,
          scopes: ['email', 'public_profile'],
          user_id: ME.id,
        },
      },
    }),
    'GET /v24.0/me': () => ({ json: ME }),
  }),
  build: (url) =>
    facebook({
      clientId: APP_ID,
      clientSecret: 'fb-secret',
      endpoints: {
        authorization: `${url}/v24.0/dialog/oauth`,
        token: `${url}/v24.0/oauth/access_token`,
        userInfo: `${url}/v24.0/me`,
      },
    }),
  authorization: {
    title: 'sends the browser to the Login dialog with email,public_profile and no PKCE challenge',
    path: '/v24.0/dialog/oauth',
    scopes: ['user_birthday'],
    params: { scope: 'email,public_profile,user_birthday' },
    pkce: false,
  },
  exchange: {
    title: 'exchanges the code with the client secret in the body and no verifier',
    tokenPath: '/v24.0/oauth/access_token',
    tokens: { accessToken: 'EAAGm0PX4ZCpsBA', refreshToken: null, scopes: ['email', 'public_profile'] },
  },
  refusedCode: { title: 'rejects a code Facebook refuses (its OAuthException body)' },
  profilePath: '/v24.0/me',
  profiles: [
    {
      title: 'checks the token with debug_token, then maps /me: picture.data.url, and the e-mail as unverified',
      serves: APP_ID,
      accessToken: 'EAAGm0PX4ZCpsBA',
      user: {
        id: '10158436741287654',
        email: 'jane@example.com',
        emailVerified: false,
        name: 'Jane Doe',
        image: ME.picture.data.url,
      },
      sent: (me, emulator) => {
        const debug = emulator.to('/v24.0/debug_token').at(-1)!;
        expect(Object.fromEntries(debug.query)).toEqual({
          input_token: 'EAAGm0PX4ZCpsBA',
          access_token: `${APP_ID}|fb-secret`,
        });
        expect(Object.fromEntries(me.query)).toEqual({
          fields: 'id,name,email,picture',
          appsecret_proof: createHmac('sha256', 'fb-secret').update('EAAGm0PX4ZCpsBA').digest('hex'),
        });
      },
    },
    {
      title: 'answers no profile for a token Facebook no longer holds valid',
      serves: APP_ID,
      accessToken: 'revoked',
      user: null,
    },
  ],
  trustedForLinking: { title: 'is not trusted for linking', trusted: false },
  quirks: (suite) => {
    it('uses the v24.0 Graph endpoints by default', async () => {
      const url = await facebook({ clientId: 'c', clientSecret: 's' }).createAuthorizationURL({
        state: 's',
        codeVerifier: VERIFIER,
        scopes: [],
        redirectURI: suite.redirectURI,
      });
      expect(url.origin + url.pathname).toBe('https://www.facebook.com/v24.0/dialog/oauth');
    });

    it('answers no profile for a token issued to another app, without reading /me', async () => {
      suite.serve('999999999999999');
      const readsBefore = suite.emulator.to('/v24.0/me').length;
      expect(await suite.provider.getUserInfo(providerTokens({ accessToken: 'EAAOtherApp' }))).toBeNull();
      expect(suite.emulator.to('/v24.0/me')).toHaveLength(readsBefore);
    });

    it('offers no refresh, since Facebook issues no refresh tokens', () => {
      expect(suite.provider.refreshAccessToken).toBeUndefined();
    });
  },
});
