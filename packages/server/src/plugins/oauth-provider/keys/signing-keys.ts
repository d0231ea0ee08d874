/**
 * @module The provider's signing keys: what signs its ID tokens, JWT access tokens and logout tokens,
 * and what its JWKS publishes. Keys live in the `jwks` table (key-store.ts), shared by every
 * instance; each instance keeps them in memory and rereads them at most every minute, so signing is
 * not a database read per token.
 *
 * Rotation: the newest key of the configured algorithm signs until it is `keyRotationInterval`
 * old; the next use then makes a new key and retires the others, which stay published until every
 * token they signed has expired. A changed `signingAlgorithm` works the same way: no current key of
 * that algorithm, so one is made.
 */
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { PluginHost } from '../../../plugin';
import type { ResolvedOAuthProviderOptions } from '../options';
import { insertKey, loadLiveKeys, openPrivateJwk, retireKeysBefore, type StoredKey } from './key-store';

/** How stale an instance's copy of the keys may be: another instance's new key is seen within it. */
const RELOAD_AFTER_MS = 60_000;
/**
 * A token naming a kid we have not cached (made by another instance since our last read) rereads
 * the keys, but at most once this often: a stream of forged kids must not become a database read each.
 */
const UNKNOWN_KID_RELOAD_MS = 1_000;

interface KeyRing {
  /** Newest first, as published when read. */
  readonly keys: readonly StoredKey[];
  readonly loadedAt: number;
}

interface KeyCache {
  ring?: Promise<KeyRing>;
  /** The key this instance is making: concurrent signers of one instance wait for one key. */
  making?: Promise<StoredKey>;
  /** When a token's unknown kid last made us reread the keys. */
  unknownKidReloadAt?: number;
  readonly privateKeys: Map<string, Promise<CryptoKey | Uint8Array>>;
}

const caches = new WeakMap<PluginHost, KeyCache>();

function cacheOf(auth: PluginHost): KeyCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = { privateKeys: new Map() };
    caches.set(auth, cache);
  }
  return cache;
}

function reload(auth: PluginHost, cache: KeyCache): Promise<KeyRing> {
  const now = auth.now();
  const loading = loadLiveKeys(auth, now).then((keys) => {
    // The opened private keys of keys no longer published go: the cache holds live keys only.
    const live = new Set(keys.map((key) => key.kid));
    for (const kid of cache.privateKeys.keys()) if (!live.has(kid)) cache.privateKeys.delete(kid);
    return { keys, loadedAt: now.getTime() };
  });
  cache.ring = loading;
  // A failed read (the database away) is not kept: the next call tries again.
  loading.catch(() => {
    if (cache.ring === loading) delete cache.ring;
  });
  return loading;
}

/** The keys as read at most `maxAgeMs` ago (by the auth's clock). */
async function ringOf(auth: PluginHost, maxAgeMs: number): Promise<KeyRing> {
  const cache = cacheOf(auth);
  const pending = cache.ring;
  if (pending) {
    const ring = await pending;
    if (auth.now().getTime() - ring.loadedAt < maxAgeMs) return ring;
    // Another caller started a reread while this one waited: share it.
    if (cache.ring && cache.ring !== pending) return cache.ring;
  }
  return reload(auth, cache);
}

function isPublished(key: StoredKey, now: Date): boolean {
  return key.expiresAt === null || key.expiresAt > now;
}

function signingKeyIn(ring: KeyRing, options: ResolvedOAuthProviderOptions, now: Date): StoredKey | undefined {
  return ring.keys.find(
    (key) =>
      key.alg === options.signingAlgorithm &&
      key.expiresAt === null &&
      now.getTime() - key.createdAt.getTime() < options.keyRotationInterval * 1000,
  );
}

/**
 * How long a retired key stays published: the longest life of a token it may have signed, plus the
 * time another instance may go on signing with it before its next reread shows it retired.
 */
function retirementOf(options: ResolvedOAuthProviderOptions, now: Date): Date {
  const longest = Math.max(options.idTokenExpiresIn, options.accessTokenExpiresIn, options.m2mAccessTokenExpiresIn);
  return new Date(now.getTime() + longest * 1000 + RELOAD_AFTER_MS);
}

async function makeKey(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<StoredKey> {
  const cache = cacheOf(auth);
  // Another instance may have rotated since our last read: use its key rather than make another.
  const fresh = signingKeyIn(await reload(auth, cache), options, auth.now());
  if (fresh) return fresh;
  const now = auth.now();
  const key = await insertKey(auth, options.signingAlgorithm, now);
  await retireKeysBefore(auth, key, retirementOf(options, now));
  await reload(auth, cache);
  return key;
}

async function currentKey(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<StoredKey> {
  const key = signingKeyIn(await ringOf(auth, RELOAD_AFTER_MS), options, auth.now());
  if (key) return key;
  const cache = cacheOf(auth);
  if (cache.making) return cache.making;
  const making = makeKey(auth, options);
  cache.making = making;
  void making
    .finally(() => {
      if (cache.making === making) delete cache.making;
    })
    .catch(() => undefined);
  return making;
}

function privateKeyOf(auth: PluginHost, key: StoredKey): Promise<CryptoKey | Uint8Array> {
  const { privateKeys } = cacheOf(auth);
  let imported = privateKeys.get(key.kid);
  if (!imported) {
    imported = importJWK(openPrivateJwk(auth, key), key.alg);
    privateKeys.set(key.kid, imported);
    imported.catch(() => privateKeys.delete(key.kid));
  }
  return imported;
}

async function reloadForUnknownKid(auth: PluginHost, ring: KeyRing, now: Date): Promise<KeyRing> {
  const cache = cacheOf(auth);
  const last = cache.unknownKidReloadAt;
  if (last !== undefined && now.getTime() - last < UNKNOWN_KID_RELOAD_MS) return ring;
  cache.unknownKidReloadAt = now.getTime();
  return reload(auth, cache);
}

/** `payload` signed with the current key, its `kid` and `alg` in the header (and `typ` if given). */
export async function signJwt(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  payload: JWTPayload,
  header: { typ?: string } = {},
): Promise<string> {
  const key = await currentKey(auth, options);
  return new SignJWT(payload)
    .setProtectedHeader({ ...header, alg: key.alg, kid: key.kid })
    .sign(await privateKeyOf(auth, key));
}

/**
 * The JWK Set the `jwks_uri` answers: every key a live token may have been signed with. It makes
 * the first key (or the next, when rotation is due), so relying parties can fetch it before the
 * first token it signs reaches them.
 */
export async function publishedJwks(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<{ keys: JWK[] }> {
  await currentKey(auth, options);
  const now = auth.now();
  const ring = await ringOf(auth, RELOAD_AFTER_MS);
  return { keys: ring.keys.filter((key) => isPublished(key, now)).map((key) => key.publicJwk) };
}

/** The algorithms of the published keys and the configured one: what a relying party may meet. */
export async function publishedAlgorithms(auth: PluginHost, options: ResolvedOAuthProviderOptions): Promise<string[]> {
  const now = auth.now();
  const ring = await ringOf(auth, RELOAD_AFTER_MS);
  const algs = ring.keys.filter((key) => isPublished(key, now)).map((key) => key.alg);
  return [...new Set([options.signingAlgorithm, ...algs])];
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
  const { kid } = decodeProtectedHeader(token);
  // Every token we sign names its key; one that does not was not signed by us.
  if (typeof kid !== 'string') throw new errors.JWKSNoMatchingKey();
  let ring = await ringOf(auth, RELOAD_AFTER_MS);
  const now = auth.now();
  if (!ring.keys.some((key) => key.kid === kid)) ring = await reloadForUnknownKid(auth, ring, now);
  const key = ring.keys.find((candidate) => candidate.kid === kid && isPublished(candidate, now));
  if (!key) throw new errors.JWKSNoMatchingKey();
  const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [key.publicJwk] }), {
    issuer: options.issuer(auth),
    // Only the key's own algorithm: a token claiming HS256 "signed" with our public key as the
    // HMAC secret, or `none`, is refused before any signature is checked.
    algorithms: [key.alg],
    ...(expected.typ ? { typ: expected.typ } : {}),
    ...(expected.audience ? { audience: expected.audience } : {}),
    currentDate: expected.ignoreExpiry ? new Date(0) : now,
  });
  return payload;
}
