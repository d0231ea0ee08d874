import { describe, expect, it } from 'vitest';
import { createTokenCipher, TokenCipherError } from './token-cipher';

const SECRET = 'unit-secret-unit-secret-unit-secret-0000';
const OTHER_SECRET = 'other-secret-other-secret-other-secret-00';

/** Replaces the character at `index` of a base64url string by another valid one. */
function flip(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('token cipher', () => {
  it('writes v1:<kid>:<iv>:<ciphertext>:<tag> in base64url and reads the token back', () => {
    const cipher = createTokenCipher([SECRET]);
    const stored = cipher.encrypt('gho_secret-access-token', 'accessToken');
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]{11}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
    expect(stored.split(':')[1]).toBe(cipher.keyId);
    expect(stored).not.toContain('gho_secret');
    expect(cipher.decrypt(stored, 'accessToken')).toBe('gho_secret-access-token');
  });

  it('never writes the same value twice for the same token (a fresh IV each time)', () => {
    const cipher = createTokenCipher([SECRET]);
    expect(cipher.encrypt('same', 'accessToken')).not.toBe(cipher.encrypt('same', 'accessToken'));
  });

  it('refuses a value whose ciphertext, tag or IV was altered', () => {
    const cipher = createTokenCipher([SECRET]);
    const stored = cipher.encrypt('a token long enough to alter', 'refreshToken');
    const parts = stored.split(':');
    for (const index of [2, 3, 4]) {
      const altered = [...parts];
      altered[index] = flip(altered[index]!, 1);
      expect(() => cipher.decrypt(altered.join(':'), 'refreshToken'), `part ${index}`).toThrow(TokenCipherError);
    }
  });

  it('refuses a value decrypted for another purpose (a ciphertext moved to another column)', () => {
    const cipher = createTokenCipher([SECRET]);
    const stored = cipher.encrypt('refresh', 'refreshToken');
    expect(() => cipher.decrypt(stored, 'accessToken')).toThrow(TokenCipherError);
  });

  it('refuses a value written under another secret: its key id is unknown, and so is a forged key id', () => {
    const mine = createTokenCipher([SECRET]);
    const theirs = createTokenCipher([OTHER_SECRET]);
    const stored = theirs.encrypt('token', 'accessToken');
    expect(() => mine.decrypt(stored, 'accessToken')).toThrow('does not hold');
    const forged = ['v1', mine.keyId, ...stored.split(':').slice(2)].join(':');
    expect(() => mine.decrypt(forged, 'accessToken')).toThrow('failed authentication');
  });

  it('reads values written under a previous secret once the secret is rotated, and writes under the new one', () => {
    const before = createTokenCipher([OTHER_SECRET]);
    const stored = before.encrypt('old token', 'idToken');
    const after = createTokenCipher([SECRET, OTHER_SECRET]);
    expect(after.decrypt(stored, 'idToken')).toBe('old token');
    expect(after.keyId).not.toBe(before.keyId);
    expect(after.encrypt('new token', 'idToken').split(':')[1]).toBe(after.keyId);
  });

  it('refuses malformed values and tells them from its own format', () => {
    const cipher = createTokenCipher([SECRET]);
    for (const value of ['', 'plain-token', 'v1:abc', 'v2:a:b:c:d', `v1:${cipher.keyId}:!!:b:c`]) {
      expect(() => cipher.decrypt(value, 'accessToken'), value).toThrow(TokenCipherError);
    }
    expect(cipher.isEncrypted('plain-token')).toBe(false);
    expect(cipher.isEncrypted(cipher.encrypt('x', 'accessToken'))).toBe(true);
  });

  it('derives the same key id from the same secret, so restarts read what was written', () => {
    expect(createTokenCipher([SECRET]).keyId).toBe(createTokenCipher([SECRET]).keyId);
    expect(createTokenCipher([SECRET]).keyId).not.toBe(createTokenCipher([OTHER_SECRET]).keyId);
  });
});
