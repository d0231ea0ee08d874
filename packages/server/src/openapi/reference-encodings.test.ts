import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ReferenceAsset } from './reference-assets';
import { encodedBody } from './reference-encodings';

const text = (body: string, type: string): ReferenceAsset => ({ body: new TextEncoder().encode(body), type });

describe('the API reference files, compressed', () => {
  // A page-like text: long, repetitive HTML, as the rendered reference is.
  const page = text(
    Array.from(
      { length: 400 },
      (_, index) => `<section id="operation-${index}"><h3>POST /route-${index}</h3></section>`,
    ).join('\n'),
    'text/html; charset=utf-8',
  );
  const icon: ReferenceAsset = { body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), type: 'image/png' };

  it('sends brotli to a client that takes it, a quarter of the text or less, with the same bytes inside', async () => {
    const sent = await encodedBody(page, 'gzip, deflate, br');
    expect(sent).toMatchObject({ encoding: 'br', negotiated: true });
    expect(sent.body.length).toBeLessThan(page.body.length / 4);
    expect(Buffer.from(brotliDecompressSync(sent.body)).equals(Buffer.from(page.body))).toBe(true);
  });

  it('sends gzip to a client that takes only gzip, and compresses each file once', async () => {
    const first = await encodedBody(page, 'gzip');
    expect(first.encoding).toBe('gzip');
    expect(Buffer.from(gunzipSync(first.body)).equals(Buffer.from(page.body))).toBe(true);
    expect((await encodedBody(page, 'gzip;q=1, br;q=0')).body).toBe(first.body);
  });

  it('sends the file as it is without Accept-Encoding, and never recompresses a PNG', async () => {
    const plain = await encodedBody(page, null);
    expect([plain.body === page.body, plain.encoding, plain.negotiated]).toEqual([true, undefined, true]);
    const image = await encodedBody(icon, 'br');
    expect([image.body === icon.body, image.encoding, image.negotiated]).toEqual([true, undefined, false]);
  });
});
