/**
 * The build step that writes brotli and gzip copies beside the build's text files: each copy
 * decodes to its file, files that are not text are left alone, and a copy that would not be
 * smaller is not written.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress-plugin';

let dir: string;
const text = (name: string) => `/* ${name} */\n` + 'export const answer = "forty-two";\n'.repeat(50);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-precompress-'));
  mkdirSync(join(dir, 'assets'));
  for (const name of ['index.html', 'favicon.svg', 'assets/index-abc.js', 'assets/index-abc.css', 'assets/data.json'])
    writeFileSync(join(dir, name), text(name));
  writeFileSync(join(dir, 'assets/tiny.js'), 'x');
  writeFileSync(join(dir, 'assets/font.woff2'), text('font'));
  writeFileSync(join(dir, 'assets/picture.png'), text('picture'));
  await precompressDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressing the build', () => {
  it('writes a brotli and a gzip copy of each text file, in subfolders too, that decode to the file', () => {
    for (const name of [
      'index.html',
      'favicon.svg',
      'assets/index-abc.js',
      'assets/index-abc.css',
      'assets/data.json',
    ]) {
      const original = readFileSync(join(dir, name));
      const brotli = readFileSync(join(dir, `${name}.br`));
      const gzip = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(brotli).equals(original), name).toBe(true);
      expect(gunzipSync(gzip).equals(original), name).toBe(true);
      expect(brotli.length, name).toBeLessThan(gzip.length);
    }
  });

  it('leaves fonts and images alone, and writes no copy that is not smaller than its file', () => {
    for (const name of ['assets/font.woff2', 'assets/picture.png', 'assets/tiny.js']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
