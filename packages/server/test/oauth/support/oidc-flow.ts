/**
 * @module Sign-in through the generic OIDC provider against a real OpenID Provider (oidc-provider
 * on loopback): the OP, the provider configured for it, its accounts and the id_tokens it signs.
 */
import { oidc } from '../../../src/oauth/providers/oidc';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { expect } from 'vitest';
import { uniqueEmail, type Harness } from '../../support/harness';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { countRows } from '../../support/rows';

const REDIRECT = 'http://localhost:3000/api/auth/callback/oidc';

export interface OidcFixture {
  op: TestOpenIDProvider;
  /** The deployment knows its OP verifies addresses, so it trusts it for linking. */
  provider: OAuthProvider;
  /** A new account at the OP, its address verified unless told otherwise. */
  account(verified?: boolean): { sub: string; email: string };
  /** An id_token for the Latchkey client, signed by the OP. */
  idTokenFor(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcFixture(): Promise<OidcFixture> {
  const op = await startOpenIDProvider({
    clients: [{ client_id: 'latchkey', client_secret: 'op-secret', redirect_uris: [REDIRECT] }],
  });
  let serial = 0;
  return {
    op,
    provider: oidc({ issuer: op.issuer, clientId: 'latchkey', clientSecret: 'op-secret', trustedForLinking: true }),
    account(verified = true) {
      serial += 1;
      const sub = `user-${serial}-${Math.random().toString(36).slice(2, 8)}`;
      const email = uniqueEmail('op');
      op.setAccount({ sub, email, email_verified: verified, name: `Person ${serial}` });
      return { sub, email };
    },
    idTokenFor: (claims) => op.signIdToken({ aud: 'latchkey', ...claims } as never),
    close: () => op.close(),
  };
}

/**
 * A user who signed up with an id_token, then `refuse`d (a ban, say): a sign-in with a new id_token
 * of that user is answered `status` and `code` as JSON, and starts no session.
 */
export async function expectIdTokenSignInRefused(
  h: Harness,
  fixture: OidcFixture,
  refuse: (userId: string) => Promise<unknown>,
  [status, code]: [number, string],
): Promise<void> {
  const { sub, email } = fixture.account();
  const claims = { sub, email, email_verified: true };
  const first = await h
    .client()
    .post('/sign-in/social', { provider: 'oidc', idToken: { token: await fixture.idTokenFor(claims) } });
  await refuse(first.body.user.id);
  const sessions = await countRows(h, 'session');
  // A new token: the first one, used, would be refused as a replay before the hook is asked.
  const token = await fixture.idTokenFor({ ...claims, jti: `second-${sub}` });
  const response = await h.client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
  expect([response.status, response.body.code]).toEqual([status, code]);
  expect(await countRows(h, 'session')).toBe(sessions);
}
