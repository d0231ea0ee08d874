/**
 * The provider's signing keys on every database: made on first use, the private half sealed in the
 * `jwks` table, published at GET /jwks; rotated after `keyRotationInterval` with the previous key
 * published until its last token has expired, then pruned; a changed algorithm; two instances on
 * one database; and the tokens `verifyOwnJwt` refuses.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  base64url,
  createLocalJWKSet,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { describeEach } from '../../../../../../test/describe-each';
import { BASE_URL, SECRET, createClock, describeEachDialect } from '../../../../test/support/harness';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import { createAuth, oauthProviderPlugin, type Auth } from '../../..';
import { openSecret, type PluginHost } from '../../../plugin';
import { authInternalsForTests, pruneJobForTests } from '../../../testing';
import { publishedJwks, signJwt, verifyOwnJwt } from '../keys/signing-keys';
import { resolveOAuthProviderOptions, type OAuthProviderOptions } from '../options';
import { oauthProviderSchema } from '../schema';
import { withOAuthProvider } from './fixtures';

const ISSUER = `${BASE_URL}/api/auth`;
const HOUR = 3600;
// Keys rotate well within a token's life, so a token outlives the key that signed it being current.
const KEY_OPTIONS: OAuthProviderOptions = { keyRotationInterval: HOUR, idTokenExpiresIn: 10 * HOUR };
const options = resolveOAuthProviderOptions(KEY_OPTIONS);

function tokenPayload(now: Date, lifetime = options.idTokenExpiresIn) {
  const iat = Math.floor(now.getTime() / 1000);
  return { iss: ISSUER, sub: 'user-1', aud: 'client-1', iat, exp: iat + lifetime };
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describeEachDialect(
  'oauth-provider signing keys',
  (h) => {
    const host = (): PluginHost => h().auth.context;
    const jwks = async () => (await h().client().get<{ keys: JWK[] }>('/jwks')).body;
    const keyRows = () => oauthProviderSchema.db(host()).selectFrom('jwks').selectAll().orderBy('createdAt').execute();

    it('GET /jwks makes the first key: an Ed25519 public JWK with kid, alg and use, no private part', async () => {
      const response = await h().client().get<{ keys: JWK[] }>('/jwks');
      expect(response.status).toBe(200);
      expect(response.body.keys).toHaveLength(1);
      const [key] = response.body.keys;
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key!.kid).toEqual(expect.any(String));
      expect(key).not.toHaveProperty('d');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(await keyRows()).toHaveLength(1);
    });

    it('keeps the private key sealed in the database: only openSecret with its purpose reads it', async () => {
      const [row] = await keyRows();
      const published = JSON.parse(row!.publicKey) as JWK;
      const privateJwk = JSON.parse(openSecret(host(), row!.privateKey, 'oauth-provider:signing-key')) as JWK;
      expect(privateJwk.x).toBe(published.x);
      expect(privateJwk.d).toEqual(expect.any(String));
      // Neither the private scalar nor any JSON of it is stored in clear.
      expect(row!.privateKey).not.toContain(privateJwk.d);
      expect(() => JSON.parse(row!.privateKey) as unknown).toThrow();
      expect(() => openSecret(host(), row!.privateKey, 'two-factor:totp')).toThrow();
    });

    it('signs with the published key, kid in the header, and verifies its own token', async () => {
      const token = await signJwt(host(), options, tokenPayload(h().clock.now()), { typ: 'JWT' });
      const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(await jwks()), {
        issuer: ISSUER,
        currentDate: h().clock.now(),
      });
      expect(payload.sub).toBe('user-1');
      expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'JWT', kid: (await jwks()).keys[0]!.kid });
      expect(await verifyOwnJwt(host(), options, token)).toMatchObject({ sub: 'user-1' });
    });

    it('rotates after keyRotationInterval: the old key still verifies its tokens, then leaves the JWKS and the table', async () => {
      const before = await signJwt(host(), options, tokenPayload(h().clock.now()));
      const oldKid = kidOf(before);
      h().clock.advance(options.keyRotationInterval + 1);
      const rotatedAt = h().clock.now();
      const after = await signJwt(host(), options, tokenPayload(rotatedAt));
      expect(kidOf(after)).not.toBe(oldKid);

      const published = await jwks();
      expect(published.keys.map((key) => key.kid)).toEqual([kidOf(after), oldKid]);
      // A relying party holding the token signed before the rotation verifies it with today's JWKS.
      await expect(
        jwtVerify(before, createLocalJWKSet(published), { issuer: ISSUER, currentDate: rotatedAt }),
      ).resolves.toBeTruthy();
      expect(await verifyOwnJwt(host(), options, before)).toMatchObject({ sub: 'user-1' });
      const retired = (await keyRows()).find((row) => row.id === oldKid);
      expect(retired!.expiresAt!.getTime()).toBeGreaterThanOrEqual(
        rotatedAt.getTime() + options.idTokenExpiresIn * 1000,
      );

      // Past the retired key's expiry every token it signed has expired: it is neither published nor kept.
      h().clock.advance((retired!.expiresAt!.getTime() - rotatedAt.getTime()) / 1000 + 1);
      // (The key made at the rotation is itself due by now: the JWKS fetch made the next one.)
      const later = (await jwks()).keys.map((key) => key.kid);
      expect(later).not.toContain(oldKid);
      expect(later).toContain(kidOf(after));
      await expect(verifyOwnJwt(host(), options, before, { ignoreExpiry: true })).rejects.toThrow();
      await pruneJobForTests(h().auth).runPass();
      expect((await keyRows()).map((row) => row.id)).not.toContain(oldKid);
      expect((await keyRows()).map((row) => row.id)).toContain(kidOf(after));
    });

    it('refuses a token with alg none, one HMAC-signed with the public key, one without kid and one of another key', async () => {
      const token = await signJwt(host(), options, tokenPayload(h().clock.now()));
      const [, body] = token.split('.');
      const kid = kidOf(token);
      const publicJwk = (await jwks()).keys.find((key) => key.kid === kid)!;
      const encodeHeader = (header: object) => base64url.encode(JSON.stringify(header));

      const unsigned = `${encodeHeader({ alg: 'none', kid })}.${body}.`;
      await expect(verifyOwnJwt(host(), options, unsigned)).rejects.toThrow();

      // Algorithm confusion: the "secret" of an HS256 token is our public key, which anyone has.
      for (const secret of [JSON.stringify(publicJwk), publicJwk.x!]) {
        const confused = await new SignJWT(tokenPayload(h().clock.now()))
          .setProtectedHeader({ alg: 'HS256', kid })
          .sign(new TextEncoder().encode(secret));
        await expect(verifyOwnJwt(host(), options, confused)).rejects.toThrow(/alg/i);
      }

      const foreign = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const sign = (header: { alg: string; kid?: string }) =>
        new SignJWT(tokenPayload(h().clock.now())).setProtectedHeader(header).sign(foreign.privateKey);
      await expect(verifyOwnJwt(host(), options, await sign({ alg: 'EdDSA' }))).rejects.toThrow();
      await expect(verifyOwnJwt(host(), options, await sign({ alg: 'EdDSA', kid: 'not-ours' }))).rejects.toThrow();
      // Our kid on another key's signature.
      await expect(verifyOwnJwt(host(), options, await sign({ alg: 'EdDSA', kid }))).rejects.toThrow(/signature/i);
      // A different issuer, signed by our own key, is not one of ours either.
      const otherIssuer = await signJwt(host(), options, { ...tokenPayload(h().clock.now()), iss: 'https://evil' });
      await expect(verifyOwnJwt(host(), options, otherIssuer)).rejects.toThrow(/iss/);
    });
  },
  withOAuthProvider(KEY_OPTIONS),
);

describeEach('oauth-provider signing keys, two instances on one database', inject('dialects'), (dialect) => {
  let database: TestDatabase;
  const clock = createClock();
  const opened: Auth[] = [];
  const errors: unknown[] = [];
  const open = (pluginOptions: OAuthProviderOptions) => {
    const auth = createAuth({
      baseURL: BASE_URL,
      secret: SECRET,
      database: { url: database.url },
      now: clock.now,
      prune: { enabled: false },
      plugins: [oauthProviderPlugin(pluginOptions)],
      logger: { info() {}, warn() {}, error: (obj) => void errors.push(obj) },
    });
    opened.push(auth);
    return auth;
  };
  let first: PluginHost;
  let second: PluginHost;
  let firstAuth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    firstAuth = open({});
    await firstAuth.migrate();
    first = authInternalsForTests(firstAuth);
    second = authInternalsForTests(open({}));
  });

  afterAll(async () => {
    for (const auth of opened) await auth.close();
    await database?.drop();
  });

  const defaults = resolveOAuthProviderOptions({});

  it('both making the first key at once sign without an error, and each verifies the other’s token', async () => {
    const [a, b] = await Promise.all([
      signJwt(first, defaults, tokenPayload(clock.now())),
      signJwt(second, defaults, tokenPayload(clock.now())),
    ]);
    expect(errors).toEqual([]);
    expect(await verifyOwnJwt(first, defaults, b)).toMatchObject({ sub: 'user-1' });
    expect(await verifyOwnJwt(second, defaults, a)).toMatchObject({ sub: 'user-1' });
    const published = (await publishedJwks(first, defaults)).keys.map((key) => key.kid);
    expect(published).toEqual(expect.arrayContaining([kidOf(a), kidOf(b)]));
  });

  it('a changed signingAlgorithm makes a key of it; the other instance rereads the keys for its unknown kid', async () => {
    // Unknown kids reread the keys at most once a second: the first test's reread was this instant.
    clock.advance(2);
    const es256 = resolveOAuthProviderOptions({ signingAlgorithm: 'ES256' });
    const third = authInternalsForTests(open({ signingAlgorithm: 'ES256' }));
    // The first instance has its keys cached (read moments ago): the new kid is not among them.
    const known = (await publishedJwks(first, defaults)).keys.map((key) => key.kid);
    const token = await signJwt(third, es256, tokenPayload(clock.now()));
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256' });
    expect(known).not.toContain(kidOf(token));
    expect(await verifyOwnJwt(first, defaults, token)).toMatchObject({ sub: 'user-1' });

    const published = (await publishedJwks(third, es256)).keys;
    expect(published.map((key) => key.alg)).toEqual(expect.arrayContaining(['ES256', 'EdDSA']));
    // The EdDSA keys are retired, published until the tokens they signed have expired.
    const rows = await oauthProviderSchema.db(third).selectFrom('jwks').selectAll().execute();
    for (const row of rows.filter((r) => r.alg === 'EdDSA')) expect(row.expiresAt).not.toBeNull();
    expect(rows.filter((r) => r.alg === 'ES256').map((r) => r.expiresAt)).toEqual([null]);
  });

  it('a stream of unknown kids rereads the keys at most once a second', async () => {
    clock.advance(2);
    const forged = await new SignJWT(tokenPayload(clock.now()))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'forged' })
      .sign((await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey);
    await expect(verifyOwnJwt(first, defaults, forged)).rejects.toThrow();
    // Another instance's new key (its current ones are due at once) within that second: the first
    // instance does not reread for it yet, and does once the second has passed.
    const rotating = resolveOAuthProviderOptions({ signingAlgorithm: 'ES256', keyRotationInterval: 1 });
    const other = authInternalsForTests(open({ signingAlgorithm: 'ES256', keyRotationInterval: 1 }));
    clock.advance(0.5);
    const token = await signJwt(other, rotating, tokenPayload(clock.now()));
    await expect(verifyOwnJwt(first, defaults, token)).rejects.toThrow();
    clock.advance(0.5);
    expect(await verifyOwnJwt(first, defaults, token)).toMatchObject({ sub: 'user-1' });
  });

  it('an RS256 key signs and is published with its modulus', async () => {
    const rs256 = resolveOAuthProviderOptions({ signingAlgorithm: 'RS256' });
    const fourth = authInternalsForTests(open({ signingAlgorithm: 'RS256' }));
    const token = await signJwt(fourth, rs256, tokenPayload(clock.now()));
    const key = (await publishedJwks(fourth, rs256)).keys.find((candidate) => candidate.kid === kidOf(token));
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(key).not.toHaveProperty('d');
    expect(await verifyOwnJwt(fourth, rs256, token)).toMatchObject({ sub: 'user-1' });
  });
});
