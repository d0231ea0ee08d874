/**
 * @module SHA-256 digests of secrets. Tokens carry ≥190 bits of entropy, so an unsalted fast
 * digest is enough: nobody can invert it, and lookups stay one indexed equality.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two strings; unequal lengths return false without a timing hint on content. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
