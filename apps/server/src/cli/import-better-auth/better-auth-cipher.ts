/**
 * @module better-auth 1.7's `symmetricDecrypt` (better-auth/crypto), which its twoFactor plugin
 * uses for the TOTP secret and the backup codes: XChaCha20-Poly1305 keyed by SHA-256 of the secret,
 * the 24-byte nonce before the ciphertext and its tag, all hex; with `secrets` (rotation) the hex
 * is wrapped as `$ba$<version>$<hex>`. node:crypto has ChaCha20-Poly1305 but not its extended-nonce
 * form, so the nonce is extended here with HChaCha20 (XChaCha20's definition: a subkey from the
 * first 16 nonce bytes, then ChaCha20-Poly1305 with the last 8), and no third-party cipher enters
 * the server for a one-time move. The import knows better-auth's secret only as the server's
 * (README: LATCHKEY_SECRET = the old BETTER_AUTH_SECRET) or a previous one, so each is tried; the
 * tag says which one fits. Tested against better-auth's own `symmetricEncrypt`.
 */
import { createDecipheriv, createHash } from 'node:crypto';

const NONCE_BYTES = 24;
const TAG_BYTES = 16;
const ENVELOPE = /^\$ba\$\d+\$([0-9a-f]+)$/i;
const HEX = /^(?:[0-9a-f]{2})+$/i;

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;

function quarterRound(s: Uint32Array, a: number, b: number, c: number, d: number): void {
  s[a] = s[a]! + s[b]!;
  s[d] = rotl(s[d]! ^ s[a]!, 16);
  s[c] = s[c]! + s[d]!;
  s[b] = rotl(s[b]! ^ s[c]!, 12);
  s[a] = s[a]! + s[b]!;
  s[d] = rotl(s[d]! ^ s[a]!, 8);
  s[c] = s[c]! + s[d]!;
  s[b] = rotl(s[b]! ^ s[c]!, 7);
}

/** HChaCha20 (draft-irtf-cfrg-xchacha, 2.2): a 256-bit subkey from the key and 16 nonce bytes. */
export function hchacha20(key: Buffer, nonce16: Buffer): Buffer {
  const s = new Uint32Array(16);
  s.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  for (let i = 0; i < 8; i++) s[4 + i] = key.readUInt32LE(4 * i);
  for (let i = 0; i < 4; i++) s[12 + i] = nonce16.readUInt32LE(4 * i);
  for (let round = 0; round < 10; round++) {
    quarterRound(s, 0, 4, 8, 12);
    quarterRound(s, 1, 5, 9, 13);
    quarterRound(s, 2, 6, 10, 14);
    quarterRound(s, 3, 7, 11, 15);
    quarterRound(s, 0, 5, 10, 15);
    quarterRound(s, 1, 6, 11, 12);
    quarterRound(s, 2, 7, 8, 13);
    quarterRound(s, 3, 4, 9, 14);
  }
  const out = Buffer.alloc(32);
  [0, 1, 2, 3, 12, 13, 14, 15].forEach((word, i) => out.writeUInt32LE(s[word]!, 4 * i));
  return out;
}

/** XChaCha20-Poly1305 of `nonce ‖ ciphertext ‖ tag` under `key`; null when the tag does not match. */
function openXChaCha(key: Buffer, sealed: Buffer): Buffer | null {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) return null;
  const nonce = sealed.subarray(0, NONCE_BYTES);
  const subkey = hchacha20(key, nonce.subarray(0, 16));
  const iv = Buffer.concat([Buffer.alloc(4), nonce.subarray(16)]);
  const decipher = createDecipheriv('chacha20-poly1305', subkey, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
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
    if (clear) return clear.toString('utf8');
  }
  return null;
}
