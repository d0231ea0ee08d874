/**
 * The per-provider quirks of the shared OAuth 2.0 protocol (oauth2.ts) against a bare token
 * endpoint: a provider's own name for the client id (TikTok's `client_key`) replaces `client_id` in
 * the authorization URL and the token body, while every other provider keeps `client_id`; and a
 * refresh carries the further parameters a provider wants (VK ID's `device_id`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationURL, exchangeCode, refreshTokens, type OAuth2Settings } from '../../src/oauth/oauth2';
import { startProviderEmulator, type ProviderEmulator } from '../support/provider-emulator';

const REQUEST = {
  state: 's'.repeat(32),
  codeVerifier: 'v'.repeat(128),
  scopes: ['a'],
  redirectURI: 'http://localhost:3000/cb',
};
let emulator: ProviderEmulator;
let settings: OAuth2Settings;

beforeAll(async () => {
  emulator = await startProviderEmulator({
    'POST /token': () => ({ json: { access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' } }),
  });
  settings = {
    clientId: 'the-client',
    clientSecret: 'the-secret',
    authorizationEndpoint: `${emulator.url}/authorize`,
    tokenEndpoint: `${emulator.url}/token`,
    pkce: false,
  };
});

afterAll(() => emulator.close());

const lastForm = () => Object.fromEntries(emulator.to('/token').at(-1)!.form);

describe('OAuth2Settings.clientIdParam', () => {
  it('names the client id client_id in the authorization URL and the token body when the provider gives no other name', async () => {
    const url = await createAuthorizationURL(settings, REQUEST);
    expect(url.searchParams.get('client_id')).toBe('the-client');
    await exchangeCode(settings, { code: 'c', codeVerifier: REQUEST.codeVerifier, redirectURI: REQUEST.redirectURI });
    expect(lastForm()).toMatchObject({ client_id: 'the-client', client_secret: 'the-secret' });
  });

  it("puts the provider's name for the client id in the authorization URL instead of client_id", async () => {
    const url = await createAuthorizationURL({ ...settings, clientIdParam: 'client_key' }, REQUEST);
    expect(url.searchParams.get('client_key')).toBe('the-client');
    expect(url.searchParams.has('client_id')).toBe(false);
  });

  it('sends it with the secret in the body of the code exchange and of the refresh, and no client_id', async () => {
    const keyed = { ...settings, clientIdParam: 'client_key' };
    await exchangeCode(keyed, { code: 'c', codeVerifier: REQUEST.codeVerifier, redirectURI: REQUEST.redirectURI });
    expect(lastForm()).toEqual({
      grant_type: 'authorization_code',
      code: 'c',
      redirect_uri: REQUEST.redirectURI,
      client_key: 'the-client',
      client_secret: 'the-secret',
    });
    await refreshTokens(keyed, 'rt');
    expect(lastForm()).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt',
      client_key: 'the-client',
      client_secret: 'the-secret',
    });
  });

  it('sends it alone for a public client', async () => {
    await refreshTokens({ ...settings, clientIdParam: 'client_key', clientAuth: 'none' }, 'rt');
    expect(lastForm()).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt', client_key: 'the-client' });
  });
});

describe('refreshTokens', () => {
  it('adds the further parameters a provider wants beside the refresh token', async () => {
    await refreshTokens(settings, 'rt', { device_id: 'dev' });
    expect(lastForm()).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt',
      device_id: 'dev',
      client_id: 'the-client',
      client_secret: 'the-secret',
    });
  });
});
