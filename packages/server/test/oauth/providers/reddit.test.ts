/**
 * Reddit against an emulator of its token and `/api/v1/me` endpoints, answering Reddit's documented
 * shapes: HTTP Basic client authentication, `duration=permanent` for a refresh token, a User-Agent
 * on API calls, a refused code as a 200 with an error body, and a profile without an e-mail.
 */
import { expect } from 'vitest';
import { reddit } from '../../../src/oauth/providers/reddit';
import type { EmulatedResponse } from '../../support/provider-emulator';
import { describeOAuthProvider, GOOD_CODE } from '../../support/provider-conformance';

const BASIC = `Basic ${Buffer.from('rd-client:rd-secret').toString('base64')}`;

describeOAuthProvider<EmulatedResponse>({
  id: 'reddit',
  clientId: 'rd-client',
  clientSecret: 'rd-secret',
  clientAuth: 'basic',
  routes: (me) => ({
    'POST /api/v1/access_token': ({ form, headers }) => {
      if (headers.authorization !== BASIC) return { status: 401, json: { message: 'Unauthorized', error: 401 } };
      if (form.get('grant_type') === 'authorization_code' && form.get('code') === GOOD_CODE) {
        return {
          json: {
            access_token: 'rd-access',
            token_type: 'bearer',
            expires_in: 86400,
            refresh_token: 'rd-refresh',
            scope: 'identity',
          },
        };
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'rd-refresh') {
        // Reddit keeps the refresh token: the answer carries none.
        return { json: { access_token: 'rd-access-2', token_type: 'bearer', expires_in: 86400, scope: 'identity' } };
      }
      // Reddit refuses a code with a 200 and an error body.
      return { json: { error: 'invalid_grant' } };
    },
    'GET /api/v1/me': me,
  }),
  build: (url) =>
    reddit({
      clientId: 'rd-client',
      clientSecret: 'rd-secret',
      endpoints: {
        authorization: `${url}/api/v1/authorize`,
        token: `${url}/api/v1/access_token`,
        userInfo: `${url}/api/v1/me`,
      },
    }),
  authorization: {
    title: 'sends the browser with the identity scope and duration=permanent, without a PKCE challenge',
    path: '/api/v1/authorize',
    scopes: ['read'],
    params: { scope: 'identity read', duration: 'permanent' },
    pkce: false,
  },
  exchange: {
    title: 'exchanges the code with HTTP Basic client authentication and no secret in the body',
    tokenPath: '/api/v1/access_token',
    tokens: { accessToken: 'rd-access', refreshToken: 'rd-refresh', scopes: ['identity'] },
  },
  refusedCode: { title: 'rejects a code Reddit refuses (its 200 with an error body)' },
  profilePath: '/api/v1/me',
  profiles: [
    {
      title:
        'maps /api/v1/me with a User-Agent: the id, the name, the icon without its query string, and a placeholder address never verified',
      serves: {
        json: {
          id: '1w72',
          name: 'spez',
          icon_img: 'https://styles.redditmedia.example/t5_1/profileIcon_x.png?width=256&amp;height=256&amp;s=abc',
          has_verified_email: true,
          verified: true,
          oauth_client_id: 'rd-client',
        },
      },
      accessToken: 'rd-access',
      user: {
        id: '1w72',
        email: '1w72@reddit.invalid',
        emailVerified: false,
        name: 'spez',
        image: 'https://styles.redditmedia.example/t5_1/profileIcon_x.png',
      },
      sent: (sent) => expect(sent.headers['user-agent']).toBe('Latchkey'),
    },
    {
      title: 'answers no profile when Reddit refuses the access token',
      serves: { status: 401, json: { message: 'Unauthorized', error: 401 } },
      accessToken: 'stale',
      user: null,
    },
  ],
  refresh: {
    title: 'refreshes with HTTP Basic and keeps the refresh token Reddit does not reissue',
    refreshToken: 'rd-refresh',
    tokens: { accessToken: 'rd-access-2', refreshToken: 'rd-refresh' },
  },
});
