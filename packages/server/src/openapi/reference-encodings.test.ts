import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadReferenceAssets } from './reference-assets';
import { encodedBody } from './reference-encodings';

describe('the API reference files, compressed', async () => {
  const assets = await loadReferenceAssets();
  const bundle = assets.files.get(assets.page.script)!;
  const icon = assets.files.get(assets.page.icon)!;

  it('sends brotli to a client that takes it, a quarter of the bundle or less, with the same bytes inside', async () => {
    const sent = await encodedBody(bundle, 'gzip, deflate, br');
    expect(sent).toMatchObject({ encoding: 'br', negotiated: true });
    expect(sent.body.length).toBeLessThan(bundle.body.length / 4);
    expect(Buffer.from(brotliDecompressSync(sent.body)).equals(Buffer.from(bundle.body))).toBe(true);
  });

  it('sends gzip to a client that takes only gzip, and compresses each file once', async () => {
    const first = await encodedBody(bundle, 'gzip');
    expect(first.encoding).toBe('gzip');
    expect(Buffer.from(gunzipSync(first.body)).equals(Buffer.from(bundle.body))).toBe(true);
    expect((await encodedBody(bundle, 'gzip;q=1, br;q=0')).body).toBe(first.body);
  });

  it('sends the file as it is without Accept-Encoding, and never recompresses an image', async () => {
    const plain = await encodedBody(bundle, null);
    expect([plain.body === bundle.body, plain.encoding, plain.negotiated]).toEqual([true, undefined, true]);
    const image = await encodedBody(icon, 'br');
    expect([image.body === icon.body, image.encoding, image.negotiated]).toEqual([true, undefined, false]);
  });
});
