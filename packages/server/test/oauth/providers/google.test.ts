/**
 * Google against a real OpenID Provider standing in for accounts.google.com (endpoint and issuer
 * overrides): its authorization parameters, the code exchange with PKCE and nonce, the profile
 * from the id_token, refresh, and the checks of an id_token an app holds — audience, age, Google's
 * bare issuer, and the hosted-domain restriction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { google, type GoogleOptions } from '../../../src/oauth/providers/google';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { authorizationURL, NONCE, providerTokens, signInThroughOP, VERIFIER } from '../../support/provider-sign-in';

const REDIRECT = 'http://localhost:3000/api/auth/callback/google';
let op: TestOpenIDProvider;

const againstOP = (options: Partial<GoogleOptions> = {}): OAuthProvider =>
  google({
    clientId: 'web-client.apps.googleusercontent.com',
    clientSecret: 'GOCSPX-secret_with-dashes',
    endpoints: {
      issuer: op.issuer,
      authorization: op.endpoints.authorization,
      token: op.endpoints.token,
      jwks: op.endpoints.jwks,
    },
    ...options,
  });

beforeAll(async () => {
  op = await startOpenIDProvider({
    clients: [
      {
        client_id: 'web-client.apps.googleusercontent.com',
        client_secret: 'GOCSPX-secret_with-dashes',
        redirect_uris: [REDIRECT],
      },
    ],
    accounts: [
      {
        sub: '1087',
        email: 'ada@gmail.com',
        email_verified: true,
        name: 'Ada Lovelace',
        picture: 'https://lh3.googleusercontent.com/a/ada',
      },
      { sub: '2091', email: 'grace@corp.example', email_verified: true, name: 'Grace Hopper', hd: 'corp.example' },
    ],
  });
});

afterAll(() => op.close());

describe('google', () => {
  it("sends the browser to Google's endpoint with its scopes, incremental authorization, S256 and the configured access type and prompt", async () => {
    const provider = google({
      clientId: 'web-client',
      clientSecret: 's',
      accessType: 'offline',
      prompt: 'consent',
      hd: 'corp.example',
    });
    const url = await authorizationURL(provider, REDIRECT, {
      state: 's'.repeat(32),
      scopes: ['https://www.googleapis.com/auth/drive.file'],
      nonce: NONCE,
    });
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'web-client',
      scope: 'email profile openid https://www.googleapis.com/auth/drive.file',
      include_granted_scopes: 'true',
      access_type: 'offline',
      prompt: 'consent',
      hd: 'corp.example',
      nonce: NONCE,
      code_challenge_method: 'S256',
    });
    expect(provider).toMatchObject({ id: 'google', name: 'Google', trustedForLinking: true });
  });

  it('leaves out access_type and prompt unless configured, and incremental authorization when turned off', async () => {
    const url = await google({ clientId: 'c', includeGrantedScopes: false }).createAuthorizationURL({
      state: 's',
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(url.searchParams.has('access_type')).toBe(false);
    expect(url.searchParams.has('prompt')).toBe(false);
    expect(url.searchParams.has('include_granted_scopes')).toBe(false);
  });

  it('signs in: code + verifier + nonce → id_token → profile from its claims, and refreshes', async () => {
    const provider = againstOP();
    const tokens = await signInThroughOP(op, provider, { account: '1087', redirectURI: REDIRECT });
    expect(await provider.getUserInfo({ ...tokens, accessToken: null })).toEqual({
      id: '1087',
      email: 'ada@gmail.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      image: 'https://lh3.googleusercontent.com/a/ada',
    });
    expect(await provider.verifyIdToken!({ token: tokens.idToken!, nonce: NONCE })).toBe(true);
    const refreshed = await provider.refreshAccessToken!(tokens.refreshToken!);
    expect(refreshed.accessToken).toEqual(expect.any(String));
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
  });

  it("accepts a held id_token for another of the app's client ids only when configured", async () => {
    const token = await op.signIdToken({
      sub: '1087',
      aud: 'android-client.apps.googleusercontent.com',
      email: 'ada@gmail.com',
      email_verified: true,
    });
    expect(await againstOP().verifyIdToken!({ token })).toBe(false);
    expect(
      await againstOP({
        audience: ['web-client.apps.googleusercontent.com', 'android-client.apps.googleusercontent.com'],
      }).verifyIdToken!({ token }),
    ).toBe(true);
  });

  it("accepts Google's bare issuer `accounts.google.com` but no other, and refuses a token older than an hour", async () => {
    const provider = againstOP();
    const aud = 'web-client.apps.googleusercontent.com';
    expect(
      await provider.verifyIdToken!({ token: await op.signIdToken({ sub: '1087', aud, iss: 'accounts.google.com' }) }),
    ).toBe(true);
    expect(
      await provider.verifyIdToken!({
        token: await op.signIdToken({ sub: '1087', aud, iss: 'https://accounts.google.com.evil' }),
      }),
    ).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(
      await provider.verifyIdToken!({
        token: await op.signIdToken({ sub: '1087', aud, iat: now - 7200, exp: now + 600 }),
      }),
    ).toBe(false);
  });

  it('refuses a user outside the configured Workspace domain, on the callback and for a held id_token', async () => {
    const provider = againstOP({ hd: 'corp.example' });
    for (const [account, allowed] of [
      ['2091', true],
      ['1087', false],
    ] as const) {
      const tokens = await signInThroughOP(op, provider, { account, redirectURI: REDIRECT, state: 's' });
      expect(await provider.getUserInfo(tokens)).toEqual(
        allowed ? expect.objectContaining({ id: '2091', email: 'grace@corp.example' }) : null,
      );
      expect(await provider.verifyIdToken!({ token: tokens.idToken! })).toBe(allowed);
    }
    expect(
      await againstOP({ hd: '*' }).verifyIdToken!({
        token: await op.signIdToken({ sub: '2091', aud: 'web-client.apps.googleusercontent.com', hd: 'other.example' }),
      }),
    ).toBe(true);
  });

  it('reports an address Google did not verify as unverified', async () => {
    const token = await op.signIdToken({
      sub: '3',
      aud: 'web-client.apps.googleusercontent.com',
      email: 'x@example.com',
      email_verified: false,
      name: 'X',
    });
    expect(await againstOP().getUserInfo(providerTokens({ idToken: token }))).toEqual({
      id: '3',
      email: 'x@example.com',
      emailVerified: false,
      name: 'X',
      image: null,
    });
  });
});
