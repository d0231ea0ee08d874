/**
 * @module The provider's signing keys: what signs its ID tokens, JWT access tokens and logout tokens,
 * and what its JWKS publishes.
 *
 * STUB (first increment): one key per process, made on first use and kept in memory. The keys
 * helper replaces this with keys in the `jwks` table (private half sealed), rotation and the
 * previous key's publication; the three functions below keep their signatures.
 */
import { exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { PluginHost } from '../../../plugin';
import type { ResolvedOAuthProviderOptions } from '../options';

interface LiveKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

const keys = new WeakMap<PluginHost, Promise<LiveKey>>();

function keyOf(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<LiveKey> {
  let key = keys.get(auth);
  if (!key) {
    key = (async () => {
      const alg = options.signingAlgorithm;
      const pair = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
      const kid = crypto.randomUUID();
      return {
        kid,
        alg,
        privateKey: pair.privateKey,
        publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' },
      };
    })();
    keys.set(auth, key);
  }
  return key;
}

/** `payload` signed with the current key, its `kid` and `alg` in the header (and `typ` if given). */
export async function signJwt(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  payload: JWTPayload,
  header: { typ?: string } = {},
): Promise<string> {
  const key = await keyOf(auth, options);
  return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, ...header }).sign(key.privateKey);
}

/** The JWK Set the `jwks_uri` answers: every key a live token may have been signed with. */
export async function publishedJwks(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<{ keys: JWK[] }> {
  return { keys: [(await keyOf(auth, options)).publicJwk] };
}

/**
 * The payload of a JWT this provider signed (an id_token_hint, a JWT access token at introspection),
 * checked against the published keys only with their own algorithms (no `alg` confusion), the
 * issuer, and `typ` when given. Throws when it is not one.
 */
export async function verifyOwnJwt(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  token: string,
  expected: { typ?: string; audience?: string; ignoreExpiry?: boolean } = {},
): Promise<JWTPayload> {
  const jwks = await publishedJwks(auth, options);
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: options.issuer(auth),
    algorithms: [...new Set(jwks.keys.map((key) => key.alg as string))],
    ...(expected.typ ? { typ: expected.typ } : {}),
    ...(expected.audience ? { audience: expected.audience } : {}),
    currentDate: expected.ignoreExpiry ? new Date(0) : auth.now(),
  });
  return payload;
}
