/**
 * @module better-auth 1.7's `symmetricDecrypt` (better-auth/crypto), which its twoFactor plugin
 * uses for the TOTP secret and the backup codes: XChaCha20-Poly1305 keyed by SHA-256 of the secret,
 * the 24-byte nonce before the ciphertext and its tag, all hex; with `secrets` (rotation) the hex
 * is wrapped as `$ba$<version>$<hex>`. node:crypto has ChaCha20-Poly1305 but not its extended-nonce
 * form: @noble/ciphers, the audited library better-auth itself encrypts with, opens it. The import
 * knows better-auth's secret only as the server's (docs/migrating-from-better-auth.md:
 * LATCHKEY_SECRET = the old BETTER_AUTH_SECRET) or a previous one, so each is tried; the tag says which one fits. Tested against better-auth's own `symmetricEncrypt`.
 */
import { createHash } from 'node:crypto';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';

const NONCE_BYTES = 24;
const TAG_BYTES = 16;
const ENVELOPE = /^\$ba\$\d+\$([0-9a-f]+)$/i;
const HEX = /^(?:[0-9a-f]{2})+$/i;

/** XChaCha20-Poly1305 of `nonce ‖ ciphertext ‖ tag` under `key`; null when the tag does not match. */
function openXChaCha(key: Uint8Array, sealed: Uint8Array): Uint8Array | null {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    return xchacha20poly1305(key, sealed.subarray(0, NONCE_BYTES)).decrypt(sealed.subarray(NONCE_BYTES));
  } catch {
    return null;
  }
}

/**
 * The clear text of a value better-auth's `symmetricEncrypt` wrote under one of `secrets`, or null
 * when it is not such a value or none of them wrote it.
 */
export function betterAuthDecrypt(data: string, secrets: readonly string[]): string | null {
  const hex = ENVELOPE.exec(data)?.[1] ?? data;
  if (!HEX.test(hex)) return null;
  const sealed = Buffer.from(hex, 'hex');
  for (const secret of secrets) {
    const clear = openXChaCha(createHash('sha256').update(secret, 'utf8').digest(), sealed);
    if (clear) return Buffer.from(clear).toString('utf8');
  }
  return null;
}
