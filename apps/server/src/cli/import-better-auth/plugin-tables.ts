/**
 * @module better-auth's twoFactor and passkey tables as Latchkey rows.
 * - twoFactor: better-auth encrypts the TOTP secret and (by default) the backup codes with its
 *   secret (better-auth-cipher.ts); they are decrypted here and stored as the two-factor plugin
 *   stores its own: the secret under the server's token cipher, the codes as digests. Every row is
 *   tried before anything is written (`undecryptableTwoFactor`): with a secret that is not
 *   better-auth's the import refuses whole, rather than bring users with two-factor on and no code
 *   that works; the operator runs it again with better-auth's secret (docs/migrating-from-better-auth.md).
 * - passkey: public data (a COSE public key, a counter, the credential's id), in the same shape
 *   (Latchkey's passkey table is better-auth's model), copied as it is; one credential belongs to
 *   one account, so a credential id another row holds is a conflict.
 */
import { twoFactorImportRow } from '@latchkey/server';
import { betterAuthDecrypt } from './better-auth-cipher';
import { PAGE_SIZE } from './copy-table';
import type { SourceDatabase } from './source-database';
import type { MapContext, Mapping, TablePlan } from './table-plan';
import { readerOf, type SourceRow } from './source-values';

export class UndecryptableError extends Error {
  constructor(row: SourceRow, column: string) {
    super(
      `better-auth's twoFactor row ${String(row.id)}: ${column} does not decrypt with LATCHKEY_SECRET nor ` +
        "LATCHKEY_PREVIOUS_SECRETS: run the import with better-auth's secret as one of them",
    );
    this.name = 'UndecryptableError';
  }
}

const twoFactor = readerOf('twoFactor');

/** better-auth's `storeBackupCodes`: "encrypted" (its default) or "plain", a JSON array either way. */
function backupCodesOf(row: SourceRow, secrets: readonly string[]): string[] {
  const stored = twoFactor.text(row, 'backupCodes');
  const json = stored.trimStart().startsWith('[') ? stored : betterAuthDecrypt(stored, secrets);
  if (json === null) throw new UndecryptableError(row, 'backupCodes');
  let codes: unknown;
  try {
    codes = JSON.parse(json);
  } catch {
    throw new UndecryptableError(row, 'backupCodes');
  }
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === 'string'))
    throw new UndecryptableError(row, 'backupCodes');
  return codes;
}

/** The refusal for the first twoFactor row none of `secrets` decrypts, or null when all do. */
export async function undecryptableTwoFactor(
  source: SourceDatabase,
  secrets: readonly string[],
): Promise<string | null> {
  for await (const page of source.pages('twoFactor', PAGE_SIZE)) {
    for (const row of page) {
      try {
        if (betterAuthDecrypt(twoFactor.text(row, 'secret'), secrets) === null)
          throw new UndecryptableError(row, 'secret');
        backupCodesOf(row, secrets);
      } catch (error) {
        if (error instanceof UndecryptableError) return error.message;
        throw error;
      }
    }
  }
  return null;
}

export const twoFactorPlan: TablePlan = {
  source: 'twoFactor',
  target: 'twoFactor',
  parents: { userId: 'user' },
  uniqueKeys: [['userId']],
  map(row, { target, secrets }: MapContext): Mapping {
    const secret = betterAuthDecrypt(twoFactor.text(row, 'secret'), secrets);
    if (secret === null) throw new UndecryptableError(row, 'secret');
    const imported = twoFactorImportRow(target.seal, {
      id: twoFactor.text(row, 'id'),
      userId: twoFactor.text(row, 'userId'),
      // better-auth's TOTP key is its secret's UTF-8 bytes (its otpauth:// URI, base32 of those).
      totpKey: Buffer.from(secret, 'utf8'),
      backupCodes: backupCodesOf(row, secrets),
      // Rows from before better-auth had the column were all confirmed (its default is true).
      verified: twoFactor.boolean(row, 'verified', true),
    });
    return { row: { ...imported } };
  },
};

const passkey = readerOf('passkey');
export const passkeyPlan: TablePlan = {
  source: 'passkey',
  target: 'passkey',
  parents: { userId: 'user' },
  uniqueKeys: [['credentialID']],
  map: (row) => ({
    row: {
      id: passkey.text(row, 'id'),
      name: passkey.optionalText(row, 'name'),
      publicKey: passkey.text(row, 'publicKey'),
      userId: passkey.text(row, 'userId'),
      credentialID: passkey.text(row, 'credentialID'),
      counter: passkey.integer(row, 'counter'),
      deviceType: passkey.text(row, 'deviceType'),
      backedUp: passkey.boolean(row, 'backedUp', false),
      transports: passkey.optionalText(row, 'transports'),
      createdAt: passkey.optionalDate(row, 'createdAt'),
      aaguid: passkey.optionalText(row, 'aaguid'),
    },
  }),
};
