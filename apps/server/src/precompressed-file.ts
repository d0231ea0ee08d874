/**
 * @module Which bytes to send for a file of the web app's build: the build writes brotli (`.br`)
 * and gzip (`.gz`) copies beside its text files, and a client that accepts one of them gets it.
 */
import { stat } from 'node:fs/promises';
import { chooseEncoding } from '@latchkey/server';

/** The stored encodings, in the server's order of preference, with the suffix of their copy. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export interface Representation {
  path: string;
  size: number;
  /** The Content-Encoding of the copy; absent for the file itself. */
  encoding?: string;
  /** Another client may get other bytes for the same URL: the answer must say `Vary`. */
  negotiated: boolean;
}

/** The file itself, or the compressed copy the client accepts best. */
export async function representation(path: string, acceptEncoding: string | null): Promise<Representation> {
  const copies: { encoding: string; path: string; size: number }[] = [];
  for (const { encoding, suffix } of ENCODINGS) {
    const size = await fileSize(path + suffix);
    if (size !== undefined) copies.push({ encoding, path: path + suffix, size });
  }
  const chosen = chooseEncoding(
    acceptEncoding,
    copies.map((copy) => copy.encoding),
  );
  const copy = copies.find((candidate) => candidate.encoding === chosen);
  if (copy) return { ...copy, negotiated: true };
  return { path, size: (await fileSize(path)) ?? 0, negotiated: copies.length > 0 };
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}
