/**
 * @module E-mail normalisation. An address whose NFKC form differs from what was typed (a
 * full-width `＠`, ligatures, compatibility digits) is refused rather than silently mapped onto
 * another account's address; what remains is validated and lower-cased.
 */
import { z } from 'zod';

const emailFormat = z.email();

export function normalizeEmail(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed.normalize('NFKC') !== trimmed) return null;
  return emailFormat.safeParse(trimmed).success ? trimmed.toLowerCase() : null;
}
