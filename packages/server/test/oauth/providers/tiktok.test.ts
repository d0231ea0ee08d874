/**
 * TikTok against an emulator of its Login Kit v2 token and user-info endpoints, answering TikTok's
 * documented shapes: `client_key` instead of `client_id` in the authorization URL and the token body,
 * comma-separated scopes, `refresh_expires_in`, the `{data: {user}}` envelope with its `error.code`
 * of `ok`, and a profile without any e-mail.
 */
import { expect } from 'vitest';
import { tiktok } from '../../../src/oauth/providers/tiktok';
import type { EmulatedResponse } from '../../support/provider-emulator';
import { describeOAuthProvider, GOOD_CODE } from '../../support/provider-conformance';

describeOAuthProvider<EmulatedResponse>({
  id: 'tiktok',
  clientId: 'tt-key',
  clientSecret: 'tt-secret',
  clientAuth: 'body',
  clientIdParam: 'client_key',
  routes: (userInfo) => ({
    'POST /v2/oauth/token/': ({ form }) => {
      if (form.get('client_key') !== 'tt-key' || form.get('client_secret') !== 'tt-secret') {
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'L1' },
        };
      }
      const grant = form.get('grant_type');
      if (
        (grant === 'authorization_code' && form.get('code') === GOOD_CODE) ||
        (grant === 'refresh_token' && form.get('refresh_token') === 'rft.old')
      ) {
        return {
          json: {
            access_token: grant === 'refresh_token' ? 'act.new' : 'act.first',
            expires_in: 86400,
            open_id: 'tt-open-id',
            refresh_expires_in: 31536000,
            refresh_token: grant === 'refresh_token' ? 'rft.new' : 'rft.old',
            scope: 'user.info.basic,user.info.profile',
            token_type: 'Bearer',
          },
        };
      }
      return {
        status: 400,
        json: { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'L2' },
      };
    },
    'GET /v2/user/info/': userInfo,
  }),
  build: (url) =>
    tiktok({
      clientId: 'tt-key',
      clientSecret: 'tt-secret',
      endpoints: {
        authorization: `${url}/v2/auth/authorize/`,
        token: `${url}/v2/oauth/token/`,
        userInfo: `${url}/v2/user/info/`,
      },
    }),
  authorization: {
    title: 'sends the browser with client_key (no client_id), comma-separated scopes and no PKCE challenge',
    path: '/v2/auth/authorize/',
    scopes: ['video.list'],
    params: { scope: 'user.info.basic,user.info.profile,video.list' },
    pkce: false,
  },
  exchange: {
    title: 'exchanges the code with client_key and client_secret in the body, and reads refresh_expires_in',
    tokenPath: '/v2/oauth/token/',
    tokens: {
      accessToken: 'act.first',
      refreshToken: 'rft.old',
      scopes: ['user.info.basic', 'user.info.profile'],
      raw: { open_id: 'tt-open-id' },
    },
    expiresIn: 86400,
    refreshExpiresIn: 31536000,
  },
  refusedCode: { title: 'rejects a code TikTok refuses' },
  profilePath: '/v2/user/info/',
  profiles: [
    {
      title:
        'maps the {data: {user}} envelope: open_id as the id, display name, large avatar, and a placeholder address never verified',
      serves: {
        json: {
          data: {
            user: {
              open_id: 'tt-open-id',
              display_name: 'Tik Toker',
              username: 'tiktoker',
              avatar_large_url: 'https://p16.tiktokcdn.example/large.jpeg',
            },
          },
          error: { code: 'ok', message: '', log_id: 'L3' },
        },
      },
      accessToken: 'act.first',
      user: {
        id: 'tt-open-id',
        email: 'tt-open-id@tiktok.invalid',
        emailVerified: false,
        name: 'Tik Toker',
        image: 'https://p16.tiktokcdn.example/large.jpeg',
      },
      sent: (sent) => expect(sent.query.get('fields')).toBe('open_id,avatar_large_url,display_name,username'),
    },
    {
      title: 'names the user by username when TikTok has no display name',
      serves: {
        json: { data: { user: { open_id: 'x1', display_name: '', username: 'only_username' } }, error: { code: 'ok' } },
      },
      accessToken: 't',
      user: { id: 'x1', name: 'only_username', image: null },
      partial: true,
    },
    {
      title: 'answers no profile when TikTok refuses the access token',
      serves: {
        status: 401,
        json: {
          data: {},
          error: {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
            log_id: 'L4',
          },
        },
      },
      accessToken: 'stale',
      user: null,
    },
  ],
  refresh: {
    title: 'refreshes with client_key and client_secret in the body, and takes the rotated refresh token',
    refreshToken: 'rft.old',
    tokens: { accessToken: 'act.new', refreshToken: 'rft.new' },
  },
});
