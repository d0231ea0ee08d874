/**
 * @module The plugin's random secrets (client secrets, codes, opaque tokens): 256 bits from the
 * CSPRNG, base64url; stored as their SHA-256 digest, which a lookup matches by one indexed equality
 * (crypto/digest.ts says why an unsalted digest is enough for values of this entropy).
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../plugin';
import { OAUTH_PROVIDER_DEFAULTS } from './options';

export function newOpaqueSecret(): string {
  return randomBytes(OAUTH_PROVIDER_DEFAULTS.secretBytes).toString('base64url');
}

/** What rests in the database for `secret`. */
export function digestOf(secret: string): string {
  return sha256Hex(secret);
}
