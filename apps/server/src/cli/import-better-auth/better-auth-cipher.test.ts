/**
 * The import's reading of better-auth's `symmetricDecrypt` (XChaCha20-Poly1305): decryption of what
 * better-auth 1.7's own `symmetricEncrypt` wrote, with one secret and with versioned secrets; a
 * wrong secret, an altered value and a value that is not better-auth's give null.
 */
import { symmetricEncrypt } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { betterAuthDecrypt } from './better-auth-cipher';

describe("better-auth's symmetric encryption, read by the import", () => {
  it('decrypts what better-auth encrypted, trying each secret it is given', async () => {
    const data = JSON.stringify(['abcde-12345', 'fghij-67890']);
    const sealed = await symmetricEncrypt({ key: 'the-better-auth-secret-0123456789', data });
    expect(betterAuthDecrypt(sealed, ['the-better-auth-secret-0123456789'])).toBe(data);
    expect(betterAuthDecrypt(sealed, ['another-secret-0123456789abcdef', 'the-better-auth-secret-0123456789'])).toBe(
      data,
    );
  });

  it("reads the versioned envelope of better-auth's BETTER_AUTH_SECRETS", async () => {
    const key = { keys: new Map([[2, 'rotated-secret-0123456789abcdefgh']]), currentVersion: 2 };
    const sealed = await symmetricEncrypt({ key: key as never, data: 'JBSWY3DPEHPK3PXP' });
    expect(sealed).toMatch(/^\$ba\$2\$/);
    expect(betterAuthDecrypt(sealed, ['rotated-secret-0123456789abcdefgh'])).toBe('JBSWY3DPEHPK3PXP');
  });

  it('gives null for a wrong secret, an altered value and what is not its format', async () => {
    const sealed = await symmetricEncrypt({ key: 'the-better-auth-secret-0123456789', data: 'secret' });
    expect(betterAuthDecrypt(sealed, ['another-secret-0123456789abcdef'])).toBeNull();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('00') ? '01' : '00');
    expect(betterAuthDecrypt(altered, ['the-better-auth-secret-0123456789'])).toBeNull();
    expect(betterAuthDecrypt('not hex', ['the-better-auth-secret-0123456789'])).toBeNull();
    expect(betterAuthDecrypt('abcd', ['the-better-auth-secret-0123456789'])).toBeNull();
  });
});
