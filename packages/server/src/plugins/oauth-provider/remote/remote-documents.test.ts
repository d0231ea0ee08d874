/**
 * The per-auth cache of fetched documents: its life follows Cache-Control within the bounds, two
 * callers share one fetch, and a refresh for an unknown key is allowed only past the minimum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginHost } from '../../../plugin';
import { startDocumentServer, type DocumentServer } from '../test/document-server';
import { MAX_TTL, MIN_TTL, remoteDocument, useTestNetwork } from './remote-documents';

let server: DocumentServer;
beforeAll(async () => {
  server = await startDocumentServer();
});
afterAll(() => server.close());

/** An auth as the cache sees it: its clock, and an identity to key the cache by. */
function authAt(start: number): { auth: PluginHost; advance(seconds: number): void } {
  let now = start;
  const auth = { now: () => new Date(now) } as unknown as PluginHost;
  useTestNetwork(auth, server.network);
  return { auth, advance: (seconds) => (now += seconds * 1000) };
}

describe('remote documents', () => {
  it('keeps a no-store document for the minimum life, so naming it again does not fetch again', async () => {
    server.json('/no-store.json', { v: 1 }, { 'cache-control': 'no-store' });
    const { auth, advance } = authAt(Date.UTC(2026, 0, 1));
    const uri = `${server.origin()}/no-store.json`;
    await remoteDocument(auth, 'clientMetadata', uri);
    advance(MIN_TTL - 1);
    await remoteDocument(auth, 'clientMetadata', uri);
    expect(server.hits.get('/no-store.json')).toBe(1);
    advance(2);
    await remoteDocument(auth, 'clientMetadata', uri);
    expect(server.hits.get('/no-store.json')).toBe(2);
  });

  it('keeps a document no longer than the maximum, whatever its max-age', async () => {
    server.json('/forever.json', { v: 1 }, { 'cache-control': 'max-age=31536000' });
    const { auth, advance } = authAt(Date.UTC(2026, 0, 1));
    const uri = `${server.origin()}/forever.json`;
    const first = await remoteDocument(auth, 'jwks', uri);
    expect(first.expiresAt - first.fetchedAt).toBe(MAX_TTL * 1000);
    advance(MAX_TTL + 1);
    await remoteDocument(auth, 'jwks', uri);
    expect(server.hits.get('/forever.json')).toBe(2);
  });

  it('shares one fetch between callers, and keeps each auth its own cache', async () => {
    server.json('/shared.json', { v: 1 });
    const { auth } = authAt(Date.UTC(2026, 0, 1));
    const uri = `${server.origin()}/shared.json`;
    const [a, b] = await Promise.all([
      remoteDocument(auth, 'clientMetadata', uri),
      remoteDocument(auth, 'clientMetadata', uri),
    ]);
    expect(a).toBe(b);
    expect(server.hits.get('/shared.json')).toBe(1);
    await remoteDocument(authAt(Date.UTC(2026, 0, 1)).auth, 'clientMetadata', uri);
    expect(server.hits.get('/shared.json')).toBe(2);
  });

  it('refreshes a fresh document only when it is older than asked', async () => {
    server.json('/keys.json', { keys: [] }, { 'cache-control': 'max-age=600' });
    const { auth, advance } = authAt(Date.UTC(2026, 0, 1));
    const uri = `${server.origin()}/keys.json`;
    await remoteDocument(auth, 'jwks', uri);
    await remoteDocument(auth, 'jwks', uri, { refreshIfOlderThan: MIN_TTL });
    expect(server.hits.get('/keys.json')).toBe(1);
    advance(MIN_TTL + 1);
    await remoteDocument(auth, 'jwks', uri, { refreshIfOlderThan: MIN_TTL });
    expect(server.hits.get('/keys.json')).toBe(2);
  });
});
