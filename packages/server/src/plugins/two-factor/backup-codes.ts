/**
 * @module Backup codes: better-auth's shape (ten `xxxxx-xxxxx` codes of letters and digits),
 * kept as SHA-256 digests only. A code has ~59 bits of randomness, beyond guessing, so an unsalted
 * digest is enough and lets a code be found by its digest.
 */
import { randomString, sha256Hex } from '../../plugin';
import { TWO_FACTOR_DEFAULTS } from './options';

export function newBackupCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_DEFAULTS.backupCodeCount }, () => {
    const code = randomString(TWO_FACTOR_DEFAULTS.backupCodeLength);
    const half = Math.ceil(code.length / 2);
    return `${code.slice(0, half)}-${code.slice(half)}`;
  });
}

/** What the `backupCodes` column keeps of `codes`. */
export function storedBackupCodes(codes: readonly string[]): string {
  return JSON.stringify(codes.map((code) => sha256Hex(code)));
}

/** The column's value without `code`, or null when `code` is not among its unused codes. */
export function withoutBackupCode(stored: string, code: string): string | null {
  const digests = parseDigests(stored);
  const digest = sha256Hex(code.trim());
  if (!digests.includes(digest)) return null;
  return JSON.stringify(digests.filter((each) => each !== digest));
}

function parseDigests(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((each): each is string => typeof each === 'string') : [];
  } catch {
    return [];
  }
}
