/**
 * An id_token a client holds (POST /sign-in/social `idToken`) signs in once, and only while fresh:
 * its `iat` no more than 30 s ahead of the clock and no older than the configured maximum age (10
 * minutes by default), and never a second time, not even by two requests at once, on one instance
 * or on two sharing Redis. Each refusal answers as a forged token does (401 INVALID_TOKEN) and
 * starts no session. Against a real OpenID Provider (oidc-provider on loopback).
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REDIS_URL } from '../../../../test/services';
import { createRedisStore } from '../../src';
import { describeEachDialect, createHarness, TestClient, type Harness } from '../support/harness';
import { countRows, expectNothingChanged } from '../support/rows';
import { startOidcFixture } from './support/oidc-flow';

const fixture = await startOidcFixture();
afterAll(() => fixture.close());

const INVALID_TOKEN = { code: 'INVALID_TOKEN', message: 'invalid token' };
const seconds = () => Math.floor(Date.now() / 1000);

/** A token of a new OP account, issued `age` seconds ago (negative: ahead of the clock), valid ten minutes on. */
async function tokenIssued(age: number, claims: Record<string, unknown> = {}) {
  const { sub, email } = fixture.account();
  const now = seconds();
  const token = await fixture.idTokenFor({
    sub,
    email,
    email_verified: true,
    iat: now - age,
    exp: now + 600,
    ...claims,
  });
  return { token, email };
}

function signIn(h: Harness, token: string, client = h.client()) {
  return client.post('/sign-in/social', { provider: 'oidc', idToken: { token } });
}

async function expectRefused(h: Harness, token: string) {
  await expectNothingChanged(h, async () => {
    const response = await signIn(h, token);
    expect([response.status, response.body]).toEqual([401, INVALID_TOKEN]);
    expect(response.setCookies.has('latchkey.session_token')).toBe(false);
  });
}

describeEachDialect(
  'id_token sign-in: fresh and once',
  (h) => {
    it('refuses a token issued more than 30 s ahead of the clock, and takes one within that skew', async () => {
      await expectRefused(h(), (await tokenIssued(-120)).token);
      await expectRefused(h(), (await tokenIssued(-45)).token);
      const ahead = await tokenIssued(-20);
      const response = await signIn(h(), ahead.token);
      expect([response.status, response.body.user?.email]).toEqual([200, ahead.email]);
    });

    it('refuses a token issued more than 10 minutes ago though it has not expired, and takes a younger one', async () => {
      await expectRefused(h(), (await tokenIssued(11 * 60)).token);
      const young = await tokenIssued(9 * 60);
      const response = await signIn(h(), young.token);
      expect([response.status, response.body.user?.email]).toEqual([200, young.email]);
    });

    it('refuses a token without iat, whose age cannot be told', async () => {
      const { sub, email } = fixture.account();
      const token = await fixture.idTokenFor({ sub, email, email_verified: true, iat: undefined });
      expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).not.toHaveProperty('iat');
      await expectRefused(h(), token);
    });

    it('signs in once with a token: the replay answers as a forged token and starts no session', async () => {
      const { token, email } = await tokenIssued(0);
      const first = await signIn(h(), token);
      expect([first.status, first.body.user?.email]).toEqual([200, email]);
      const sessions = await countRows(h(), 'session');
      await expectRefused(h(), token);
      expect(await countRows(h(), 'session')).toBe(sessions);
    });

    it("remembers a token by its issuer's jti: a re-signed token with the same jti does not sign in again", async () => {
      const { sub, email } = fixture.account();
      const now = seconds();
      const claims = { sub, email, email_verified: true, jti: `jti-${sub}`, iat: now, exp: now + 600 };
      expect((await signIn(h(), await fixture.idTokenFor(claims))).status).toBe(200);
      // Another token (another nonce, so another signature) naming the same jti.
      await expectRefused(h(), await fixture.idTokenFor({ ...claims, nonce: 'other' }));
    });

    // Guard: useIdTokenOnce's set-if-absent of the token in the key-value store (oauth/id-token-once.ts).
    it('lets exactly one of parallel sign-ins with one token through; the others start no session', async () => {
      const { token, email } = await tokenIssued(0);
      const users = await countRows(h(), 'user');
      const sessions = await countRows(h(), 'session');
      const responses = await Promise.all(Array.from({ length: 6 }, () => signIn(h(), token)));
      const ok = responses.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body.user.email).toBe(email);
      for (const refused of responses.filter((r) => r.status !== 200))
        expect([refused.status, refused.body]).toEqual([401, INVALID_TOKEN]);
      expect(await countRows(h(), 'user')).toBe(users + 1);
      expect(await countRows(h(), 'session')).toBe(sessions + 1);
    });
  },
  { socialProviders: [fixture.provider] },
);

describeEachDialect(
  'id_token sign-in with idToken.maxAge',
  (h) => {
    it('refuses a token older than the configured age', async () => {
      await expectRefused(h(), (await tokenIssued(120)).token);
      const young = await tokenIssued(30);
      expect((await signIn(h(), young.token)).status).toBe(200);
    });
  },
  { socialProviders: [fixture.provider], idToken: { maxAge: 60 } },
);

describe.runIf(inject('redis'))('id_token sign-in on two instances sharing Redis', () => {
  // Guard: useIdTokenOnce's set-if-absent of the token (oauth/id-token-once.ts), one atomic step on Redis.
  it('lets exactly one of parallel sign-ins with one token through across both instances', async () => {
    const prefix = `latchkey-test-idtoken-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
    const stores = [createRedisStore(REDIS_URL, { prefix }), createRedisStore(REDIS_URL, { prefix })];
    const instances = await Promise.all(
      stores.map((storage) => createHarness('sqlite', { socialProviders: [fixture.provider], storage })),
    );
    try {
      await Promise.all(stores.map((store) => store.ping()));
      for (let round = 0; round < 3; round++) {
        const { token } = await tokenIssued(0);
        const responses = await Promise.all(
          Array.from({ length: 6 }, (_, i) => {
            const instance = instances[i % 2]!;
            return signIn(instance, token, new TestClient(instance.auth));
          }),
        );
        expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
        for (const refused of responses.filter((r) => r.status !== 200))
          expect([refused.status, refused.body]).toEqual([401, INVALID_TOKEN]);
        const sessions = await Promise.all(instances.map((instance) => countRows(instance, 'session')));
        expect(sessions.reduce((a, b) => a + b)).toBe(round + 1);
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
