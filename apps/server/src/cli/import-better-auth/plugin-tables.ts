/**
 * @module better-auth's twoFactor and passkey tables as Latchkey rows.
 * - twoFactor: better-auth encrypts the TOTP secret and (by default) the backup codes with its
 *   secret (better-auth-cipher.ts); they are decrypted here and stored as the two-factor plugin
 *   stores its own: the secret under the server's token cipher, the codes as digests. A row that
 *   none of the server's secrets decrypts stops the table with the row named, rather than leaving
 *   its user with two-factor on and no code that works: the operator runs the import again with
 *   better-auth's secret (README), and the run completes it.
 * - passkey: public data (a COSE public key, a counter, the credential's id), in the same shape
 *   (Latchkey's passkey table is better-auth's model), copied as it is; one credential belongs to
 *   one account, so a credential id another row holds is a conflict.
 */
import { twoFactorImportRow } from '@latchkey/server';
import { betterAuthDecrypt } from './better-auth-cipher';
import type { MapContext, Mapping, TablePlan } from './table-plan';
import { readerOf, type SourceRow } from './source-values';

export class UndecryptableError extends Error {
  constructor(row: SourceRow, column: string) {
    super(
      `better-auth's twoFactor row ${String(row.id)}: ${column} does not decrypt with LATCHKEY_SECRET nor ` +
        "PREVIOUS_SECRETS: run the import with better-auth's secret as one of them",
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
  const codes: unknown = JSON.parse(json);
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === 'string'))
    throw new UndecryptableError(row, 'backupCodes');
  return codes;
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
