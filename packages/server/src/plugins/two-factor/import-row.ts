/**
 * @module A twoFactor row brought from another server (`latchkey import-better-auth`) as this
 * plugin keeps its own: the TOTP key as the base32 secret otplib reads, encrypted under the
 * secret's cipher purpose, and the unused backup codes as their digests. The importer decrypts the
 * other server's values; what rests in Latchkey's database is decided here, beside the store.
 */
import { storedBackupCodes } from './backup-codes';
import type { TwoFactorTable } from './schema';
import { SECRET_PURPOSE } from './store';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as an otpauth:// URI carries a TOTP key. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export interface ImportedTwoFactor {
  id: string;
  userId: string;
  /** The TOTP key's bytes (better-auth's secret is a text whose UTF-8 bytes are the HMAC key). */
  totpKey: Uint8Array;
  /** The unused backup codes, in clear. */
  backupCodes: readonly string[];
  /** Whether a first code confirmed the authenticator app (better-auth's `verified`). */
  verified: boolean;
}

/** The row to insert; `seal` is the token cipher's encryption (`ImportTarget.seal`). */
export function twoFactorImportRow(
  seal: (value: string, purpose: string) => string,
  imported: ImportedTwoFactor,
): TwoFactorTable {
  return {
    id: imported.id,
    userId: imported.userId,
    secret: seal(base32(imported.totpKey), SECRET_PURPOSE),
    backupCodes: storedBackupCodes(imported.backupCodes),
    verified: imported.verified,
    // No code used here yet: better-auth's own replay window ends within a step or two.
    lastTotpStep: null,
  };
}
