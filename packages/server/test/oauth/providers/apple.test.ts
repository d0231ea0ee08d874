/**
 * Sign in with Apple against a real OpenID Provider standing in for appleid.apple.com, behind an
 * emulated token endpoint that checks Apple's client secret as Apple would (an ES256 JWT from the
 * team, for the client, with the key's id) before passing the request on: the form_post
 * authorization, the exchange, the name from the first POST's `user` field, the string
 * `email_verified`, and the SHA-256 nonce of Apple's native SDKs.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { apple, type AppleOptions } from '../../../src/oauth/providers/apple';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';
import {
  authorizationURL,
  NONCE,
  providerTokens,
  signInThroughOP,
  STATE,
  VERIFIER,
} from '../../support/provider-sign-in';

const CLIENT_ID = 'com.example.latchkey.web';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY7654321';
const REDIRECT = 'http://localhost:3000/api/auth/callback/apple';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const PRIVATE_KEY_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let op: TestOpenIDProvider;
let appleToken: ProviderEmulator;
/** What the emulated token endpoint found in each client secret it was sent. */
const secrets: { jwt: string; header: JWTHeaderParameters; claims: JWTPayload }[] = [];

const againstOP = (options: Partial<AppleOptions> = {}): OAuthProvider =>
  apple({
    clientId: CLIENT_ID,
    teamId: TEAM_ID,
    keyId: KEY_ID,
    privateKey: PRIVATE_KEY_PEM,
    // The stand-in OP releases an id_token and binds a nonce only under `openid`; Apple needs neither asked for.
    scopes: ['openid'],
    endpoints: {
      issuer: op.issuer,
      authorization: op.endpoints.authorization,
      token: `${appleToken.url}/auth/token`,
      jwks: op.endpoints.jwks,
    },
    ...options,
  });

beforeAll(async () => {
  op = await startOpenIDProvider({
    clients: [{ client_id: CLIENT_ID, client_secret: 'secret-the-op-knows', redirect_uris: [REDIRECT] }],
    accounts: [
      {
        sub: ACCOUNT,
        email: 'k7x2@privaterelay.appleid.com',
        email_verified: 'true',
        is_private_email: 'true',
      },
    ],
  });
  appleToken = await startProviderEmulator({
    async 'POST /auth/token'({ form }) {
      const jwt = form.get('client_secret') ?? '';
      try {
        const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
          algorithms: ['ES256'],
          issuer: TEAM_ID,
          subject: CLIENT_ID,
          audience: 'https://appleid.apple.com',
        });
        secrets.push({ jwt, header: protectedHeader, claims: payload });
      } catch {
        return { status: 400, json: { error: 'invalid_client' } };
      }
      form.set('client_secret', 'secret-the-op-knows');
      const answer = await fetch(op.endpoints.token, { method: 'POST', body: form });
      return { status: answer.status, json: await answer.json() };
    },
  });
});

afterAll(async () => {
  await appleToken.close();
  await op.close();
});

const ACCOUNT = '001234.5f3e9c.0042';

describe('apple', () => {
  it('asks Apple for the name and e-mail with a form_post answer, an S256 challenge and the nonce, and says its callback is a POST', async () => {
    const provider = apple({ clientId: CLIENT_ID, teamId: TEAM_ID, keyId: KEY_ID, privateKey: PRIVATE_KEY_PEM });
    const url = await authorizationURL(provider, REDIRECT, { nonce: NONCE });
    expect(url.origin + url.pathname).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'email name',
      client_id: CLIENT_ID,
      nonce: NONCE,
      code_challenge_method: 'S256',
    });
    expect(provider).toMatchObject({ id: 'apple', name: 'Apple', formPostCallback: true, trustedForLinking: true });
  });

  it("signs in: the form_post's code, exchanged with an ES256 client secret from the team's key, and the name from the first POST's user field", async () => {
    const provider = againstOP();
    const url = await authorizationURL(provider, REDIRECT, { nonce: NONCE });
    const answer = await op.authorize(url, { account: ACCOUNT });
    expect(answer).toMatchObject({ responseMode: 'form_post', state: STATE });
    expect(answer.url.href).toBe(REDIRECT);
    const user = JSON.stringify({ name: { firstName: 'Kim', lastName: 'Park' }, email: 'someone-else@example.com' });
    const tokens = await provider.validateAuthorizationCode({
      code: answer.code!,
      codeVerifier: VERIFIER,
      redirectURI: REDIRECT,
      nonce: NONCE,
      user,
    });
    const secret = secrets.at(-1)!;
    expect(secret.header).toMatchObject({ alg: 'ES256', kid: KEY_ID });
    expect(secret.claims).toMatchObject({ iss: TEAM_ID, sub: CLIENT_ID, aud: 'https://appleid.apple.com' });
    expect(secret.claims.exp! - secret.claims.iat!).toBeLessThanOrEqual(15_777_000);
    // The e-mail is the signed id_token's; the unsigned user field gives only the name.
    expect(await provider.getUserInfo(tokens)).toEqual({
      id: ACCOUNT,
      email: 'k7x2@privaterelay.appleid.com',
      emailVerified: true,
      name: 'Kim Park',
      image: null,
    });
  });

  it('keeps one client secret across requests until it nears expiry, and refreshes with it', async () => {
    const provider = againstOP();
    const tokens = await signInThroughOP(op, provider, { account: ACCOUNT, redirectURI: REDIRECT });
    const refreshed = await provider.refreshAccessToken!(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(secrets.at(-1)!.jwt).toBe(secrets.at(-2)!.jwt);
  });

  it('names the user from the id_token, else not at all, when the user field is missing or malformed', async () => {
    const provider = againstOP();
    const tokens = await signInThroughOP(op, provider, { account: ACCOUNT, redirectURI: REDIRECT, user: '{not json' });
    expect(await provider.getUserInfo(tokens)).toMatchObject({ id: ACCOUNT, name: '' });
    // The engine may hand the parsed field on in the tokens itself.
    expect(
      await provider.getUserInfo({ ...tokens, raw: { ...tokens.raw, user: { name: { firstName: 'Kim' } } } }),
    ).toMatchObject({ name: 'Kim' });
    const unverified = await op.signIdToken({
      sub: 'x',
      aud: CLIENT_ID,
      email: 'x@example.com',
      email_verified: 'false',
    });
    expect(await provider.getUserInfo(providerTokens({ idToken: unverified }))).toEqual({
      id: 'x',
      email: 'x@example.com',
      emailVerified: false,
      name: '',
      image: null,
    });
  });

  it("verifies a native app's id_token: its bundle id as audience when configured, the nonce as is or as its SHA-256", async () => {
    const hashed = createHash('sha256').update('raw-nonce').digest('hex');
    const token = await op.signIdToken({ sub: 'x', aud: 'com.example.latchkey', nonce: hashed });
    expect(await againstOP().verifyIdToken!({ token, nonce: 'raw-nonce' })).toBe(false);
    const native = againstOP({ audience: ['com.example.latchkey'] });
    expect(await native.verifyIdToken!({ token, nonce: 'raw-nonce' })).toBe(true);
    expect(await native.verifyIdToken!({ token, nonce: hashed })).toBe(true);
    expect(await native.verifyIdToken!({ token, nonce: 'other-nonce' })).toBe(false);
  });

  it('refuses to start with a key that is not an EC P-256 PKCS #8 key, without printing it', () => {
    const base = { clientId: CLIENT_ID, teamId: TEAM_ID, keyId: KEY_ID };
    expect(() => apple({ ...base, privateKey: 'not a key' })).toThrow(/not a PKCS #8 PEM key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => apple({ ...base, privateKey: rsa })).toThrow(/must be an EC P-256 key/);
    expect(() => apple({ ...base, privateKey: PRIVATE_KEY_PEM.replace(/\n/g, '\\n') })).not.toThrow();
  });
});
