/**
 * The generic OpenID Connect provider against a real OpenID Provider (oidc-provider on loopback):
 * discovery read lazily and once, the full authorization with PKCE and nonce, the code exchange
 * whose id_token is checked, the profile from userinfo, refresh, and the check of an id_token a
 * client holds — with each way such a token can be wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { oidc } from '../../../src/oauth/providers/oidc';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { startProviderEmulator } from '../../support/provider-emulator';
import { authorizationURL, NONCE, providerTokens, signInThroughOP, VERIFIER } from '../../support/provider-sign-in';

const REDIRECT = 'http://localhost:3000/api/auth/callback/oidc';
let op: TestOpenIDProvider;
let provider: OAuthProvider;

/** Start → the OP's sign-in and consent → the callback's code, exchanged with the verifier and nonce. */
const signIn = (account: string): Promise<ProviderTokens> =>
  signInThroughOP(op, provider, { account, redirectURI: REDIRECT });

beforeAll(async () => {
  op = await startOpenIDProvider({
    clients: [{ client_id: 'latchkey', client_secret: 'op-secret', redirect_uris: [REDIRECT] }],
    accounts: [
      {
        sub: 'alice',
        email: 'alice@example.com',
        email_verified: true,
        name: 'Alice Liddell',
        picture: 'https://img.example/alice.png',
      },
      { sub: 'bob', email: 'bob@example.com', email_verified: false, given_name: 'Bob', family_name: 'Builder' },
    ],
    // The strict reading: profile claims only at userinfo, so the provider must read it.
    claimsInIdToken: false,
  });
  provider = oidc({ issuer: op.issuer, clientId: 'latchkey', clientSecret: 'op-secret' });
});

afterAll(() => op.close());

describe('generic OpenID Connect provider', () => {
  it('is named oidc and is not trusted for linking unless configured', () => {
    expect(provider).toMatchObject({ id: 'oidc', name: 'OpenID Connect', trustedForLinking: false });
    expect(
      oidc({ id: 'keycloak', name: 'Keycloak', issuer: op.issuer, clientId: 'x', trustedForLinking: true }),
    ).toMatchObject({ id: 'keycloak', name: 'Keycloak', trustedForLinking: true });
  });

  it('refuses an http issuer or endpoint off loopback when it is built, and needs no network to be built', () => {
    expect(() => oidc({ issuer: 'http://idp.example.com', clientId: 'x' })).toThrow(/must be an https URL/);
    expect(() =>
      oidc({ issuer: 'https://idp.example.com', clientId: 'x', endpoints: { token: 'http://idp.example.com/token' } }),
    ).toThrow(/token endpoint must be an https URL/);
    // Nothing listens there: building must not read the discovery document.
    expect(() => oidc({ issuer: 'https://idp.invalid', clientId: 'x' })).not.toThrow();
    expect(() => oidc({ issuer: 'http://127.0.0.1:1', clientId: 'x' })).not.toThrow();
  });

  it('reads the discovery document on first use, once, and again after a failed read', async () => {
    const document = await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json();
    let fail = true;
    const idp = await startProviderEmulator({
      'GET /.well-known/openid-configuration': () =>
        fail ? { status: 503, json: {} } : { json: { ...document, issuer: idp.url } },
    });
    try {
      const lazy = oidc({ issuer: idp.url, clientId: 'latchkey' });
      expect(idp.requests).toHaveLength(0);
      const request = { state: 's', codeVerifier: VERIFIER, scopes: [], redirectURI: REDIRECT };
      await expect(lazy.createAuthorizationURL(request)).rejects.toThrow();
      fail = false;
      const first = await lazy.createAuthorizationURL(request);
      await lazy.createAuthorizationURL(request);
      expect(first.origin + first.pathname).toBe(op.endpoints.authorization);
      expect(idp.to('/.well-known/openid-configuration')).toHaveLength(2);
    } finally {
      await idp.close();
    }
  });

  it('refuses a discovery document whose endpoints are http off loopback', async () => {
    const idp = await startProviderEmulator({
      'GET /.well-known/openid-configuration': () => ({
        json: {
          issuer: idp.url,
          authorization_endpoint: 'http://idp.example.com/auth',
          token_endpoint: `${idp.url}/token`,
          jwks_uri: `${idp.url}/jwks`,
          response_types_supported: ['code'],
        },
      }),
    });
    try {
      const insecure = oidc({ issuer: idp.url, clientId: 'x' });
      await expect(
        insecure.createAuthorizationURL({ state: 's', codeVerifier: VERIFIER, scopes: [], redirectURI: REDIRECT }),
      ).rejects.toThrow(/authorization_endpoint must be an https URL/);
    } finally {
      await idp.close();
    }
  });

  it('builds the authorization URL from discovery with the scopes, state, nonce and an S256 challenge', async () => {
    const url = await authorizationURL(provider, REDIRECT, {
      state: 's'.repeat(32),
      scopes: ['offline_access'],
      nonce: NONCE,
      loginHint: 'alice@example.com',
    });
    expect(url.origin + url.pathname).toBe(op.endpoints.authorization);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'latchkey',
      redirect_uri: REDIRECT,
      state: 's'.repeat(32),
      scope: 'openid email profile offline_access',
      nonce: NONCE,
      login_hint: 'alice@example.com',
      code_challenge_method: 'S256',
    });
  });

  it('signs in through the OP: code + verifier + nonce → checked id_token → profile from userinfo', async () => {
    const tokens = await signIn('alice');
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.idToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.scopes).toEqual(['openid', 'email', 'profile']);
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await provider.getUserInfo(tokens)).toEqual({
      id: 'alice',
      email: 'alice@example.com',
      emailVerified: true,
      name: 'Alice Liddell',
      image: 'https://img.example/alice.png',
    });
  });

  it('maps an unverified address as unverified and builds the name from given and family names', async () => {
    expect(await provider.getUserInfo(await signIn('bob'))).toEqual({
      id: 'bob',
      email: 'bob@example.com',
      emailVerified: false,
      name: 'Bob Builder',
      image: null,
    });
  });

  it('rejects a code exchanged with another nonce than the id_token carries, or with a wrong verifier', async () => {
    const url = await authorizationURL(provider, REDIRECT, { state: 's', nonce: NONCE });
    const { code } = await op.authorize(url, { account: 'alice' });
    await expect(
      provider.validateAuthorizationCode({
        code: code!,
        codeVerifier: VERIFIER,
        redirectURI: REDIRECT,
        nonce: 'other-nonce',
      }),
    ).rejects.toThrow(/nonce/);
    const again = await op.authorize(url, { account: 'alice' });
    await expect(
      provider.validateAuthorizationCode({
        code: again.code!,
        codeVerifier: 'w'.repeat(128),
        redirectURI: REDIRECT,
        nonce: NONCE,
      }),
    ).rejects.toThrow();
  });

  it('answers access_denied to the client when the user refuses', async () => {
    const url = await authorizationURL(provider, REDIRECT, { state: 's', nonce: NONCE });
    expect(await op.authorize(url, { deny: true })).toMatchObject({ code: null, state: 's', error: 'access_denied' });
  });

  it('refreshes the access token with the refresh token', async () => {
    const tokens = await signIn('alice');
    const refreshed = await provider.refreshAccessToken!(tokens.refreshToken!);
    expect(refreshed.accessToken).toEqual(expect.any(String));
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toEqual(expect.any(String));
    expect(await provider.getUserInfo({ ...refreshed, idToken: tokens.idToken })).toMatchObject({
      id: 'alice',
      email: 'alice@example.com',
    });
    await expect(provider.refreshAccessToken!('not-a-refresh-token')).rejects.toThrow();
  });

  it('refuses a profile when userinfo describes another subject than the id_token', async () => {
    const tokens = await signIn('alice');
    const bobsIdToken = await op.signIdToken({ sub: 'bob', aud: 'latchkey' });
    expect(await provider.getUserInfo({ ...tokens, idToken: bobsIdToken })).toBeNull();
  });

  describe('an id_token the client holds', () => {
    it('verifies one the OP issued, with its nonce or without one', async () => {
      const { idToken } = await signIn('alice');
      expect(await provider.verifyIdToken!({ token: idToken!, nonce: NONCE })).toBe(true);
      expect(await provider.verifyIdToken!({ token: idToken! })).toBe(true);
    });

    it('refuses a wrong nonce', async () => {
      const { idToken } = await signIn('alice');
      expect(await provider.verifyIdToken!({ token: idToken!, nonce: 'another-nonce' })).toBe(false);
      expect(
        await provider.verifyIdToken!({ token: await op.signIdToken({ sub: 'alice', aud: 'latchkey' }), nonce: NONCE }),
      ).toBe(false);
    });

    it('refuses one issued to another client', async () => {
      expect(
        await provider.verifyIdToken!({ token: await op.signIdToken({ sub: 'alice', aud: 'someone-else' }) }),
      ).toBe(false);
      expect(await provider.verifyIdToken!({ token: await op.signIdToken({ sub: 'alice', aud: 'latchkey' }) })).toBe(
        true,
      );
    });

    it('refuses a tampered signature or payload', async () => {
      const { idToken } = await signIn('alice');
      const [header, payload, signature] = idToken!.split('.') as [string, string, string];
      const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
      expect(await provider.verifyIdToken!({ token: `${header}.${payload}.${flipped}` })).toBe(false);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url');
      expect(await provider.verifyIdToken!({ token: `${header}.${forged}.${signature}` })).toBe(false);
    });

    it('refuses an expired one', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      expect(
        await provider.verifyIdToken!({
          token: await op.signIdToken({ sub: 'alice', aud: 'latchkey', iat: past - 600, exp: past }),
        }),
      ).toBe(false);
    });

    it('refuses one from another issuer', async () => {
      expect(
        await provider.verifyIdToken!({
          token: await op.signIdToken({ sub: 'alice', aud: 'latchkey', iss: 'https://evil.example' }),
        }),
      ).toBe(false);
    });

    it('maps the claims of a verified id_token alone when there is no access token', async () => {
      const token = await op.signIdToken({
        sub: 'carol',
        aud: 'latchkey',
        email: 'carol@example.com',
        email_verified: 'true',
        preferred_username: 'caz',
      });
      expect(await provider.getUserInfo(providerTokens({ idToken: token }))).toEqual({
        id: 'carol',
        email: 'carol@example.com',
        emailVerified: true,
        name: 'caz',
        image: null,
      });
      const bare = await op.signIdToken({ sub: 'dave', aud: 'latchkey', email: 'dave@example.com' });
      expect(await provider.getUserInfo(providerTokens({ idToken: bare }))).toEqual({
        id: 'dave',
        email: 'dave@example.com',
        emailVerified: false,
        name: 'dave',
        image: null,
      });
    });
  });
});
