/**
 * @module Two providers that differ only in whether Latchkey trusts their `email_verified`, both
 * against real OpenID Providers (oidc-provider on loopback): the generic OIDC provider as the
 * docs/social-sign-in.md's "Add your provider" configures it (not trusted), and Google with its endpoints pointed
 * at an OP standing in for accounts.google.com (trusted by default). For the suites about whose
 * verified addresses count (issue 29, item 5): the engine's, the admin plugin's, the organization
 * plugin's.
 */
import { expect } from 'vitest';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { google } from '../../../src/oauth/providers/google';
import { oidc } from '../../../src/oauth/providers/oidc';
import { API, BASE_URL, type TestClient, type TestResponse } from '../../support/harness';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { callbackPath, locationOf, startFlow } from './github-flow';

const GOOGLE_CLIENT = 'web-client.apps.googleusercontent.com';
const GOOGLE_SECRET = 'GOCSPX-secret';
const OIDC_CLIENT = 'latchkey';
const OIDC_SECRET = 'op-secret';

export type TrustProviderId = 'oidc' | 'google';

export interface ProviderTrustFixture {
  /** The auth's `socialProviders`: `oidc` untrusted, `google` trusted. */
  providers: OAuthProvider[];
  /** A new account at the provider's OP asserting `email` with `email_verified`; its `sub`. */
  account(provider: TrustProviderId, email: string, verified?: boolean): string;
  /** Changes what the OP asserts for an existing account. */
  reassert(provider: TrustProviderId, sub: string, email: string, verified: boolean): void;
  /** The whole browser flow through the provider as `sub`; asserts it lands without an error. */
  signIn(client: TestClient, provider: TrustProviderId, sub: string): Promise<TestResponse>;
  /** An id_token of the generic OP for the Latchkey client. */
  oidcIdToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

function client(id: string, secret: string, providerId: TrustProviderId) {
  return { client_id: id, client_secret: secret, redirect_uris: [`${BASE_URL}${API}/callback/${providerId}`] };
}

export async function startProviderTrustFixture(): Promise<ProviderTrustFixture> {
  const ops: Record<TrustProviderId, TestOpenIDProvider> = {
    oidc: await startOpenIDProvider({ clients: [client(OIDC_CLIENT, OIDC_SECRET, 'oidc')] }),
    google: await startOpenIDProvider({ clients: [client(GOOGLE_CLIENT, GOOGLE_SECRET, 'google')] }),
  };
  const { issuer, endpoints } = ops.google;
  const providers = [
    oidc({ issuer: ops.oidc.issuer, clientId: OIDC_CLIENT, clientSecret: OIDC_SECRET }),
    google({
      clientId: GOOGLE_CLIENT,
      clientSecret: GOOGLE_SECRET,
      endpoints: { issuer, authorization: endpoints.authorization, token: endpoints.token, jwks: endpoints.jwks },
    }),
  ];
  expect(providers.map((provider) => [provider.id, provider.trustedForLinking])).toEqual([
    ['oidc', false],
    ['google', true],
  ]);
  let serial = 0;
  const reassert = (provider: TrustProviderId, sub: string, email: string, verified: boolean) =>
    ops[provider].setAccount({ sub, email, email_verified: verified, name: `Claimant ${sub}` });
  return {
    providers,
    account(provider, email, verified = true) {
      serial += 1;
      const sub = `trust-${serial}-${Math.random().toString(36).slice(2, 8)}`;
      reassert(provider, sub, email, verified);
      return sub;
    },
    reassert,
    async signIn(browser, provider, sub) {
      const flow = await startFlow(browser, { provider, callbackURL: '/app', errorCallbackURL: '/err' });
      const { code, state } = await ops[provider].authorize(flow.url, { account: sub });
      const response = await browser.get(callbackPath({ code: code!, state: state! }, provider));
      expect(response.status).toBe(302);
      expect(locationOf(response).query.error).toBeUndefined();
      return response;
    },
    oidcIdToken: (claims) => ops.oidc.signIdToken({ aud: OIDC_CLIENT, ...claims } as never),
    async close() {
      await ops.oidc.close();
      await ops.google.close();
    },
  };
}
