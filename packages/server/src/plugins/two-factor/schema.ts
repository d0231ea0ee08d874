/**
 * @module The two-factor plugin's data, better-auth's names: `user.twoFactorEnabled`, and a
 * `twoFactor` row per user with `secret`, `backupCodes` and `userId`. Unlike better-auth's, no
 * usable secret rests there: `secret` is encrypted with the engine's token cipher, `backupCodes`
 * holds SHA-256 digests, and `lastTotpStep` (Latchkey's own) makes each TOTP code work once. The
 * `trustedDevice` table (Latchkey's own) holds the trusted browsers, by their token's digest, and
 * `twoFactorMailedCode` (Latchkey's own) the users who chose mailed codes.
 */
import { definePluginSchema, type DatabaseOf, type ExpiringRows, type FieldDeclarations } from '../../plugin';

/** NOT NULL, default false (migration 0602): better-auth answers false, never null, when it is off. */
export const TWO_FACTOR_USER_FIELDS = Object.freeze({
  twoFactorEnabled: { type: 'boolean', notNull: true },
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

/** A browser trusted at the second step (trusted-device.ts); Latchkey's own, better-auth has none. */
export interface TrustedDeviceTable {
  id: string;
  userId: string;
  /** SHA-256 hex of the cookie's current token, replaced at each use. */
  tokenHash: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/** A user who chose mailed codes as a second factor (mailed-code-choice.ts); Latchkey's own. */
export interface TwoFactorMailedCodeTable {
  userId: string;
  createdAt: Date;
}

export const twoFactorSchema = definePluginSchema<{
  twoFactor: TwoFactorTable;
  trustedDevice: TrustedDeviceTable;
  twoFactorMailedCode: TwoFactorMailedCodeTable;
}>()({
  user: TWO_FACTOR_USER_FIELDS,
});

/** Expired trusted browsers are deleted by the engine's prune job, as expired sessions are. */
export const TWO_FACTOR_EXPIRING_ROWS: readonly ExpiringRows[] = Object.freeze([
  { table: 'trustedDevice', expiresAt: 'expiresAt' },
]);

export type TwoFactorDatabase = DatabaseOf<typeof twoFactorSchema>;
