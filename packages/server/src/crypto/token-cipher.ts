/**
 * @module Encryption of secrets Latchkey must keep usable (DESIGN.md: no usable secret at rest):
 * the provider tokens of linked accounts and the OAuth state records. AES-256-GCM with a key
 * derived from the server secret by HKDF, so a database dump without the secret reveals nothing
 * and a changed byte is refused rather than decrypted to something else.
 *
 * A stored value is `v1:<kid>:<iv>:<ciphertext>:<tag>`, each part base64url. `kid` is a short
 * digest of the derived key: after the secret is replaced, values written under the previous one
 * are still read when it is listed in `previousSecrets`, and each value says which key it needs
 * without trying them all. The purpose (`accessToken`, `oauth-state`, …) is authenticated with
 * the value, so a ciphertext copied into another column does not decrypt there.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HKDF_SALT = 'latchkey-token-cipher';
const HKDF_INFO = 'latchkey provider tokens v1';

export class TokenCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCipherError';
  }
}

export interface TokenCipher {
  /** The current key's id, the one `encrypt` writes. */
  readonly keyId: string;
  encrypt(plaintext: string, purpose: string): string;
  /** Throws `TokenCipherError` for an unknown key, a malformed value or one that was altered. */
  decrypt(stored: string, purpose: string): string;
  /** Whether a stored value is in this cipher's format (the rest is legacy plain text). */
  isEncrypted(stored: string): boolean;
}

interface DerivedKey {
  id: string;
  key: Buffer;
}

function deriveKey(secret: string): DerivedKey {
  const key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, KEY_BYTES));
  // 64 bits of a digest of the key: names it, and says nothing about it.
  const id = createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
  return { id, key };
}

function additionalData(keyId: string, purpose: string): Buffer {
  return Buffer.from(`${VERSION}:${keyId}:${purpose}`);
}

/** `secrets[0]` encrypts; every one of them decrypts what it encrypted. */
export function createTokenCipher(secrets: readonly string[]): TokenCipher {
  const [current, ...previous] = secrets.map(deriveKey);
  if (!current) throw new Error('Latchkey: the token cipher needs a secret');
  const keys = new Map<string, Buffer>();
  for (const { id, key } of [current, ...previous]) if (!keys.has(id)) keys.set(id, key);

  return {
    keyId: current.id,

    encrypt(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(additionalData(current.id, purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, current.id, ...parts].join(':');
    },

    decrypt(stored, purpose) {
      const parts = stored.split(':');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new TokenCipherError('Not an encrypted value');
      const [, keyId, ivText, ciphertextText, tagText] = parts as [string, string, string, string, string];
      const key = keys.get(keyId);
      if (!key) throw new TokenCipherError('Encrypted with a key this server does not hold');
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenCipherError('Malformed encrypted value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(additionalData(keyId, purpose));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new TokenCipherError('Encrypted value failed authentication');
      }
    },

    isEncrypted(stored) {
      return stored.startsWith(`${VERSION}:`);
    },
  };
}
