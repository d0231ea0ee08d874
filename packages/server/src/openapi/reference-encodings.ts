/**
 * @module The reference page's text files compressed, once each, at the first request that
 * accepts it (the page of the standalone server's routes is about half a megabyte of HTML). The
 * work runs on libuv's pool (zlib's asynchronous calls), off the event loop, and its result stays
 * in memory beside the file for the server's life.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding } from '../http/accept-encoding';
import type { ReferenceAsset } from './reference-assets';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text compresses; images other than SVG are compressed already. */
const COMPRESSIBLE = /^(text\/|image\/svg\+xml)/;

const encoded = new WeakMap<ReferenceAsset, Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>>();

function compress(asset: ReferenceAsset, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  let copies = encoded.get(asset);
  if (!copies) encoded.set(asset, (copies = new Map()));
  let copy = copies.get(encoding);
  if (!copy) {
    // Quality 9, not 11: within a few percent of the smallest, in a fraction of the time.
    const compressed =
      encoding === 'br'
        ? compressBrotli(asset.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : compressGzip(asset.body, { level: 9 });
    // Copied once into a plain ArrayBuffer: what a Response body takes.
    copy = compressed.then((buffer) => new Uint8Array(buffer));
    copies.set(encoding, copy);
  }
  return copy;
}

export interface EncodedBody {
  readonly body: Uint8Array<ArrayBuffer>;
  /** The Content-Encoding; absent for the file as it is. */
  readonly encoding?: Encoding;
  /** Whether another Accept-Encoding could get other bytes: the answer says `Vary`. */
  readonly negotiated: boolean;
}

export async function encodedBody(asset: ReferenceAsset, acceptEncoding: string | null): Promise<EncodedBody> {
  if (!COMPRESSIBLE.test(asset.type)) return { body: asset.body, negotiated: false };
  const encoding = chooseEncoding(acceptEncoding, ENCODINGS);
  if (!encoding) return { body: asset.body, negotiated: true };
  return { body: await compress(asset, encoding), encoding, negotiated: true };
}
