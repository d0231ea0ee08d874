/**
 * Microsoft Entra ID against a real OpenID Provider whose issuer is shaped like a tenant's
 * (`{authority}/{tid}/v2.0`): the multi-tenant `common` endpoint, whose id_tokens name the user's
 * own tenant, the tenant-class checks of `organizations` and `consumers`, a single tenant's fixed
 * issuer, `oid` as the account id, and when an address counts as verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, ProviderTokens } from '../../../src/oauth/provider';
import { microsoft, type MicrosoftOptions } from '../../../src/oauth/providers/microsoft';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { authorizationURL, NONCE, providerTokens, signInThroughOP, VERIFIER } from '../../support/provider-sign-in';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = '0b6c4a4e-0000-4000-8000-000000000001';
const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';
const REDIRECT = 'http://localhost:3000/api/auth/callback/microsoft';
let op: TestOpenIDProvider;
let authority: string;

const againstOP = (options: Partial<MicrosoftOptions> = {}): OAuthProvider =>
  microsoft({
    clientId: 'entra-app',
    clientSecret: 'entra-secret',
    authority,
    endpoints: { authorization: op.endpoints.authorization, token: op.endpoints.token, jwks: op.endpoints.jwks },
    ...options,
  });

const idTokenOnly = (idToken: string): ProviderTokens => providerTokens({ idToken });
/** An id_token from `tenant`, whose issuer names it as Entra does. */
const fromTenant = (tenant: string, claims: Record<string, unknown> = {}) =>
  op.signIdToken({
    sub: 'pairwise-sub',
    oid: 'oid-1',
    tid: tenant,
    iss: `${authority}/${tenant}/v2.0`,
    aud: 'entra-app',
    ...claims,
  });

beforeAll(async () => {
  op = await startOpenIDProvider({
    issuerPath: `/${TENANT}/v2.0`,
    clients: [{ client_id: 'entra-app', client_secret: 'entra-secret', redirect_uris: [REDIRECT] }],
    accounts: [
      {
        sub: 'pairwise-sub-for-this-app',
        oid: '00000000-0000-0000-66f3-3332eca7ea81',
        tid: TENANT,
        email: 'adele@contoso.example',
        verified_primary_email: ['adele@contoso.example'],
        name: 'Adele Vance',
      },
    ],
    configuration: { scopes: ['openid', 'offline_access', 'User.Read'] },
  });
  authority = new URL(op.issuer).origin;
});

afterAll(() => op.close());

describe('microsoft', () => {
  it("sends the browser to the common endpoint with Microsoft's scopes, S256 and the configured prompt", async () => {
    const provider = microsoft({ clientId: 'entra-app', clientSecret: 's', prompt: 'select_account' });
    const url = await authorizationURL(provider, REDIRECT, {
      state: 's'.repeat(32),
      nonce: NONCE,
      loginHint: 'adele@contoso.example',
    });
    expect(url.origin + url.pathname).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'entra-app',
      scope: 'openid profile email User.Read offline_access',
      prompt: 'select_account',
      login_hint: 'adele@contoso.example',
      nonce: NONCE,
      code_challenge_method: 'S256',
    });
    const tenantURL = await microsoft({ clientId: 'a', tenantId: TENANT }).createAuthorizationURL({
      state: 's',
      codeVerifier: VERIFIER,
      scopes: [],
      redirectURI: REDIRECT,
    });
    expect(tenantURL.pathname).toBe(`/${TENANT}/oauth2/v2.0/authorize`);
    expect(provider).toMatchObject({ id: 'microsoft', trustedForLinking: true });
  });

  it("signs in through `common`: the id_token's issuer is the user's own tenant, the account id its oid, and refreshes", async () => {
    // The OP keeps `offline_access` only with prompt=consent; refresh then asks for every scope again.
    const provider = againstOP({ prompt: 'consent' });
    const tokens = await signInThroughOP(op, provider, {
      account: 'pairwise-sub-for-this-app',
      redirectURI: REDIRECT,
      state: 's',
    });
    expect(await provider.getUserInfo(tokens)).toEqual({
      id: '00000000-0000-0000-66f3-3332eca7ea81',
      email: 'adele@contoso.example',
      emailVerified: true,
      name: 'Adele Vance',
      image: null,
    });
    expect(await provider.verifyIdToken!({ token: tokens.idToken!, nonce: NONCE })).toBe(true);
    const refreshed = await provider.refreshAccessToken!(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(await provider.getUserInfo(refreshed)).toMatchObject({ id: '00000000-0000-0000-66f3-3332eca7ea81' });
  });

  it("refuses a held id_token whose issuer is not its own tenant's", async () => {
    expect(await againstOP().verifyIdToken!({ token: await fromTenant(OTHER_TENANT) })).toBe(true);
    expect(
      await againstOP().verifyIdToken!({
        token: await fromTenant(OTHER_TENANT, { iss: `${authority}/${TENANT}/v2.0` }),
      }),
    ).toBe(false);
    expect(await againstOP().verifyIdToken!({ token: await fromTenant(OTHER_TENANT, { tid: undefined }) })).toBe(false);
  });

  it('keeps personal accounts out of `organizations` and work accounts out of `consumers`', async () => {
    expect(await againstOP({ tenantId: 'organizations' }).verifyIdToken!({ token: await fromTenant(CONSUMERS) })).toBe(
      false,
    );
    expect(
      await againstOP({ tenantId: 'organizations' }).verifyIdToken!({ token: await fromTenant(OTHER_TENANT) }),
    ).toBe(true);
    expect(await againstOP({ tenantId: 'consumers' }).verifyIdToken!({ token: await fromTenant(OTHER_TENANT) })).toBe(
      false,
    );
    expect(await againstOP({ tenantId: 'consumers' }).verifyIdToken!({ token: await fromTenant(CONSUMERS) })).toBe(
      true,
    );
    expect(
      await againstOP({ tenantId: 'organizations' }).getUserInfo(idTokenOnly(await fromTenant(CONSUMERS))),
    ).toBeNull();
  });

  it("checks a single tenant's fixed issuer", async () => {
    const provider = againstOP({ tenantId: TENANT });
    expect(await provider.verifyIdToken!({ token: await fromTenant(TENANT) })).toBe(true);
    expect(await provider.verifyIdToken!({ token: await fromTenant(OTHER_TENANT) })).toBe(false);
  });

  it('counts an address verified only by email_verified or the verified address lists, and needs an oid', async () => {
    const provider = againstOP();
    const profileOf = async (claims: Record<string, unknown>) =>
      provider.getUserInfo(idTokenOnly(await fromTenant(TENANT, { email: 'a@contoso.example', name: 'A', ...claims })));
    expect(await profileOf({})).toMatchObject({
      id: 'oid-1',
      email: 'a@contoso.example',
      emailVerified: false,
      name: 'A',
    });
    expect(await profileOf({ verified_secondary_email: ['a@contoso.example'] })).toMatchObject({ emailVerified: true });
    expect(await profileOf({ verified_primary_email: ['other@contoso.example'] })).toMatchObject({
      emailVerified: false,
    });
    expect(await profileOf({ email_verified: true })).toMatchObject({ emailVerified: true });
    expect(await profileOf({ email_verified: false, verified_primary_email: ['a@contoso.example'] })).toMatchObject({
      emailVerified: false,
    });
    expect(await profileOf({ oid: undefined })).toBeNull();
  });
});
