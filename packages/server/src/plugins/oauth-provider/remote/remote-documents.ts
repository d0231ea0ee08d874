/**
 * @module The documents the provider fetches at a client's word (guarded-fetch.ts says how), kept
 * in memory per auth for as long as their Cache-Control allows, within bounds: at least
 * `MIN_TTL` (a `no-store` document is not fetched again for every request that names it, which
 * would make the provider an amplifier), at most `MAX_TTL` (a changed document or key set is seen
 * within the hour whatever the client's server says). The cache runs on the auth's clock. Two
 * requests for one URL share one fetch.
 *
 * The network seam (`useTestNetwork`) is for tests alone: it is keyed by the auth object, set
 * only by code that imports this module (the package does not export it), and no option reaches
 * it, so configuration cannot turn the address checks off.
 */
import type { PluginHost } from '../../../plugin';
import { fetchJson, SYSTEM_NETWORK, type FetchedJson, type FetchNetwork } from './guarded-fetch';

/** What is fetched, and its caps: 5 KB for a metadata document (the CIMD draft's suggestion), 64 KB for a JWK Set. */
export const REMOTE_DOCUMENT_KINDS = Object.freeze({
  clientMetadata: { maxBytes: 5 * 1024, timeoutMs: 5000 },
  jwks: { maxBytes: 64 * 1024, timeoutMs: 5000 },
});
export type RemoteDocumentKind = keyof typeof REMOTE_DOCUMENT_KINDS;

/** Seconds a document is kept at least, at most, and when its answer names no max-age. */
export const MIN_TTL = 60;
export const MAX_TTL = 60 * 60;
const DEFAULT_TTL = 5 * 60;
/** Entries kept per auth; the oldest go first, so a flood of client_ids cannot grow memory. */
const MAX_ENTRIES = 1000;

export interface RemoteDocument {
  readonly body: unknown;
  readonly fetchedAt: number;
  readonly expiresAt: number;
}

interface DocumentCache {
  readonly entries: Map<string, RemoteDocument>;
  readonly pending: Map<string, Promise<RemoteDocument>>;
}

const caches = new WeakMap<PluginHost, DocumentCache>();
const testNetworks = new WeakMap<PluginHost, FetchNetwork>();

/** Tests only: the auth's fetches resolve names and trust addresses and certificates as `network` says. */
export function useTestNetwork(auth: PluginHost, network: Partial<FetchNetwork>): void {
  testNetworks.set(auth, { ...SYSTEM_NETWORK, ...network });
}

function cacheOf(auth: PluginHost): DocumentCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = { entries: new Map(), pending: new Map() };
    caches.set(auth, cache);
  }
  return cache;
}

function ttlOf(fetched: FetchedJson): number {
  return Math.min(MAX_TTL, Math.max(MIN_TTL, fetched.maxAge ?? DEFAULT_TTL));
}

async function fetchInto(auth: PluginHost, cache: DocumentCache, kind: RemoteDocumentKind, uri: string, key: string) {
  const fetched = await fetchJson(uri, REMOTE_DOCUMENT_KINDS[kind], testNetworks.get(auth) ?? SYSTEM_NETWORK);
  const now = auth.now().getTime();
  const document = { body: fetched.body, fetchedAt: now, expiresAt: now + ttlOf(fetched) * 1000 };
  cache.entries.delete(key);
  cache.entries.set(key, document);
  if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  return document;
}

export interface FetchOptions {
  /**
   * Fetch again although the cached copy is fresh, if it is older than this many seconds: a key
   * set that lacks the key an assertion names may have been rotated (bounded, so a stream of
   * unknown kids cannot make us fetch on every request).
   */
  readonly refreshIfOlderThan?: number;
}

/** The document at `uri`, from the cache while it is fresh; throws RemoteFetchError. */
export async function remoteDocument(
  auth: PluginHost,
  kind: RemoteDocumentKind,
  uri: string,
  options: FetchOptions = {},
): Promise<RemoteDocument> {
  const cache = cacheOf(auth);
  const key = `${kind} ${uri}`;
  const now = auth.now().getTime();
  const cached = cache.entries.get(key);
  const stale =
    !cached ||
    cached.expiresAt <= now ||
    (options.refreshIfOlderThan !== undefined && now - cached.fetchedAt > options.refreshIfOlderThan * 1000);
  if (!stale) return cached;
  let pending = cache.pending.get(key);
  if (!pending) {
    pending = fetchInto(auth, cache, kind, uri, key).finally(() => cache.pending.delete(key));
    cache.pending.set(key, pending);
  }
  return pending;
}
