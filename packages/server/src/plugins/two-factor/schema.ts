/**
 * @module The two-factor plugin's data, better-auth's names: `user.twoFactorEnabled`, and a
 * `twoFactor` row per user with `secret`, `backupCodes` and `userId`. Unlike better-auth's, no
 * usable secret rests there: `secret` is encrypted with the engine's token cipher, `backupCodes`
 * holds SHA-256 digests, and `lastTotpStep` (Latchkey's own) makes each TOTP code work once.
 */
import { definePluginSchema, type DatabaseOf, type FieldDeclarations } from '../../plugin-api';

export const TWO_FACTOR_USER_FIELDS = Object.freeze({
  twoFactorEnabled: 'boolean',
} as const satisfies FieldDeclarations);

export interface TwoFactorTable {
  id: string;
  userId: string;
  /** The token cipher's `v1:…` value of the base32 TOTP secret. */
  secret: string;
  /** JSON array of the unused codes' SHA-256 hex digests. */
  backupCodes: string;
  /** False until a first code proves the authenticator app holds the secret. */
  verified: boolean;
  /** The time step of the last code accepted: no code of it or before counts again. */
  lastTotpStep: number | null;
}

export const twoFactorSchema = definePluginSchema<{ twoFactor: TwoFactorTable }>()({ user: TWO_FACTOR_USER_FIELDS });

export type TwoFactorDatabase = DatabaseOf<typeof twoFactorSchema>;
