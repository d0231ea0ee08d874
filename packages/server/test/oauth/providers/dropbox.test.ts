/**
 * Dropbox against an emulator of its token endpoint and `/2/users/get_current_account`, answering
 * the shapes of Dropbox's documentation: the authorization URL (PKCE, offline access for a refresh
 * token), the code exchange with the secret in the body, a refused code, the user info read by a
 * POST without a body and mapped with `email_verified`, and the refresh grant.
 */
import { expect } from 'vitest';
import { dropbox } from '../../../src/oauth/providers/dropbox';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';

const REFRESH_TOKEN = 'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd';
const PHOTO =
  'https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128';

describeOAuthProvider<Record<string, unknown>>({
  id: 'dropbox',
  clientId: 'dropbox-key',
  clientSecret: 'dropbox-secret',
  clientAuth: 'body',
  routes: (served) => ({
    'POST /oauth2/token': tokenEndpoint({
      issued: {
        access_token:
          'sl.AbX9y6Fe3AuH5o66-gmJpR032jwAwQPIVVzWXZNkdzcYT02akC2de219dZi6gxYPVnYPrpvISRSf9lxKWJzYLjtMPH-d9fo_0gXex7X37VIvpty4-G8f4-WX45AcEPfRnJJDwzv-',
        expires_in: 14400,
        token_type: 'bearer',
        scope: 'account_info.read',
        refresh_token: REFRESH_TOKEN,
        account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
        uid: '12345',
      },
      // Dropbox answers a refresh without a new refresh token: the old one keeps working.
      refreshed: { access_token: 'sl.refreshed', token_type: 'bearer', expires_in: 14400 },
      refused: { error: 'invalid_grant', error_description: "code doesn't exist or has expired" },
    }),
    'POST /2/users/get_current_account': () => ({ json: served() }),
  }),
  build: (url) =>
    dropbox({
      clientId: 'dropbox-key',
      clientSecret: 'dropbox-secret',
      endpoints: {
        authorization: `${url}/oauth2/authorize`,
        token: `${url}/oauth2/token`,
        userInfo: `${url}/2/users/get_current_account`,
      },
    }),
  authorization: {
    title:
      'sends the browser to the authorization endpoint with account_info.read, offline access and an S256 challenge',
    path: '/oauth2/authorize',
    scopes: [],
    params: { scope: 'account_info.read', token_access_type: 'offline' },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier and the client secret in the body',
    tokenPath: '/oauth2/token',
    tokens: {
      accessToken: expect.stringMatching(/^sl\./),
      refreshToken: REFRESH_TOKEN,
      scopes: ['account_info.read'],
    },
  },
  refusedCode: { title: 'rejects a code Dropbox refuses' },
  profilePath: '/2/users/get_current_account',
  profiles: [
    {
      title: 'reads the account with a POST without a body and maps the documented account, verified as Dropbox says',
      serves: {
        account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
        account_type: { '.tag': 'business' },
        country: 'US',
        disabled: false,
        email: 'franz@dropbox.com',
        email_verified: true,
        is_paired: true,
        locale: 'en',
        name: {
          abbreviated_name: 'FF',
          display_name: 'Franz Ferdinand (Personal)',
          familiar_name: 'Franz',
          given_name: 'Franz',
          surname: 'Ferdinand',
        },
        profile_photo_url: PHOTO,
        referral_link: 'https://db.tt/ZITNuhtI',
        root_info: {
          '.tag': 'team',
          home_namespace_id: '3235641',
          root_namespace_id: '3235641',
          home_path: '/Franz Ferdinand',
        },
      },
      accessToken: 'sl.access',
      user: {
        id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
        email: 'franz@dropbox.com',
        emailVerified: true,
        name: 'Franz Ferdinand (Personal)',
        image: PHOTO,
      },
      sent: (sent) => {
        expect(sent).toMatchObject({ method: 'POST', body: '' });
        // Dropbox refuses an RPC call whose Content-Type announces a body it does not carry.
        expect(sent.headers['content-type']).toBeUndefined();
      },
    },
    {
      title: 'reports an unconfirmed address as unverified, and no image when the account has no photo',
      serves: {
        account_id: 'dbid:x',
        email: 'new@example.com',
        email_verified: false,
        name: { display_name: 'New User' },
      },
      accessToken: 't',
      user: { id: 'dbid:x', email: 'new@example.com', emailVerified: false, name: 'New User', image: null },
    },
  ],
  refresh: {
    title: 'refreshes with the client secret and keeps the refresh token Dropbox does not renew',
    refreshToken: REFRESH_TOKEN,
    tokens: { accessToken: 'sl.refreshed', refreshToken: REFRESH_TOKEN },
  },
  trustedForLinking: {
    title: 'is trusted for linking by default, since Dropbox reports whether it verified the address',
    trusted: true,
  },
});
