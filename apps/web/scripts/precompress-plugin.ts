/**
 * @module A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * of the build (scripts, styles, the page, SVG, JSON), so the server sends compressed bytes without
 * spending CPU on every request, and can afford the slowest, smallest settings once at build time.
 * Fonts (woff2 is already compressed) and images are left alone. A copy that would not be smaller
 * than its file is not written; the server then sends the file as it is.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface PrecompressOptions {
  /** 0 to 11; the maximum by default, where the copies are smallest and the build slowest. */
  brotliQuality?: number;
}

const encodings = ({ brotliQuality = constants.BROTLI_MAX_QUALITY }: PrecompressOptions) => [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => gzipped(data, { level: constants.Z_BEST_COMPRESSION }) },
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Compresses every text file under `dir`; also usable without Vite (a build copied elsewhere). */
export async function precompressDir(dir: string, options: PrecompressOptions = {}): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      for (const { suffix, compress } of encodings(options)) {
        const compressed = await compress(data);
        if (compressed.length < data.length) await writeFile(file + suffix, compressed);
      }
    }),
  );
}

export function precompress(options: PrecompressOptions = {}): Plugin {
  return {
    name: 'latchkey:precompress',
    apply: 'build',
    // After the files are written, public/ included (Vite copies it before writing the bundle).
    async writeBundle({ dir }) {
      if (dir) await precompressDir(dir, options);
    },
  };
}
