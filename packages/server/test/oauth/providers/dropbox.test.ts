/**
 * Dropbox against an emulator of its token endpoint and `/2/users/get_current_account`, answering
 * the shapes of Dropbox's documentation: the authorization URL (PKCE, offline access for a refresh
 * token), the code exchange with the secret in the body, a refused code, the user info read by a
 * POST without a body and mapped with `email_verified`, and the refresh grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { dropbox } from '../../../src/oauth/providers/dropbox';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

const VERIFIER = 'v'.repeat(128);
const REDIRECT = 'http://localhost:3000/api/auth/callback/dropbox';
let emulator: ProviderEmulator;
let provider: OAuthProvider;
let account: Record<string, unknown> = {};

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

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /oauth2/token': ({ form }) => {
      // Dropbox answers a refresh without a new refresh token: the old one keeps working.
      if (form.get('grant_type') === 'refresh_token')
        return { json: { access_token: 'sl.refreshed', token_type: 'bearer', expires_in: 14400 } };
      return form.get('code') === 'good-code'
        ? {
            json: {
              access_token:
                'sl.AbX9y6Fe3AuH5o66-gmJpR032jwAwQPIVVzWXZNkdzcYT02akC2de219dZi6gxYPVnYPrpvISRSf9lxKWJzYLjtMPH-d9fo_0gXex7X37VIvpty4-G8f4-WX45AcEPfRnJJDwzv-',
              expires_in: 14400,
              token_type: 'bearer',
              scope: 'account_info.read',
              refresh_token: 'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd',
              account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
              uid: '12345',
            },
          }
        : { status: 400, json: { error: 'invalid_grant', error_description: "code doesn't exist or has expired" } };
    },
    'POST /2/users/get_current_account': () => ({ json: account }),
  });
  provider = dropbox({
    clientId: 'dropbox-key',
    clientSecret: 'dropbox-secret',
    endpoints: {
      authorization: `${emulator.url}/oauth2/authorize`,
      token: `${emulator.url}/oauth2/token`,
      userInfo: `${emulator.url}/2/users/get_current_account`,
    },
  });
});

afterAll(() => emulator.close());

describe('dropbox', () => {
  it('sends the browser to the authorization endpoint with account_info.read, offline access and an S256 challenge', async () => {
    const url = await provider.createAuthorizationURL({
      state: 's'.repeat(32),
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe(`${emulator.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'dropbox-key',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'account_info.read',
      token_access_type: 'offline',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code with the verifier and the client secret in the body', async () => {
    const tokens = await provider.validateAuthorizationCode({
      code: 'good-code',
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
    });
    expect(tokens).toMatchObject({
      refreshToken: 'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd',
      scopes: ['account_info.read'],
    });
    expect(tokens.accessToken).toMatch(/^sl\./);
    const sent = emulator.to('/oauth2/token').at(-1)!;
    expect(Object.fromEntries(sent.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      client_id: 'dropbox-key',
      client_secret: 'dropbox-secret',
    });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('rejects a code Dropbox refuses', async () => {
    await expect(
      provider.validateAuthorizationCode({ code: 'bad', codeVerifier: VERIFIER, redirectURI: REDIRECT }),
    ).rejects.toThrow();
  });

  it('reads the account with a POST without a body and maps the documented account, verified as Dropbox says', async () => {
    account = {
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
      profile_photo_url:
        'https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128',
      referral_link: 'https://db.tt/ZITNuhtI',
      root_info: {
        '.tag': 'team',
        home_namespace_id: '3235641',
        root_namespace_id: '3235641',
        home_path: '/Franz Ferdinand',
      },
    };
    expect(await provider.getUserInfo(tokensOf('sl.access'))).toEqual({
      id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
      email: 'franz@dropbox.com',
      emailVerified: true,
      name: 'Franz Ferdinand (Personal)',
      image:
        'https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128',
    });
    const sent = emulator.to('/2/users/get_current_account').at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', body: '' });
    expect(sent.headers.authorization).toBe('Bearer sl.access');
    // Dropbox refuses an RPC call whose Content-Type announces a body it does not carry.
    expect(sent.headers['content-type']).toBeUndefined();
  });

  it('reports an unconfirmed address as unverified, and no image when the account has no photo', async () => {
    account = {
      account_id: 'dbid:x',
      email: 'new@example.com',
      email_verified: false,
      name: { display_name: 'New User' },
    };
    expect(await provider.getUserInfo(tokensOf('t'))).toEqual({
      id: 'dbid:x',
      email: 'new@example.com',
      emailVerified: false,
      name: 'New User',
      image: null,
    });
  });

  it('refreshes with the client secret and keeps the refresh token Dropbox does not renew', async () => {
    const tokens = await provider.refreshAccessToken!(
      'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd',
    );
    expect(tokens).toMatchObject({
      accessToken: 'sl.refreshed',
      refreshToken: 'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd',
    });
    expect(Object.fromEntries(emulator.to('/oauth2/token').at(-1)!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4iGz9tisb3JyjGqikMJIYbd',
      client_id: 'dropbox-key',
      client_secret: 'dropbox-secret',
    });
  });

  it('is trusted for linking by default, since Dropbox reports whether it verified the address', () => {
    expect(provider.trustedForLinking).toBe(true);
  });
});
