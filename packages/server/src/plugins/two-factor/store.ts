/**
 * @module Queries on the twoFactor table. What must happen once happens in one conditional
 * statement, whose row count says which of parallel requests won: a TOTP step is taken by raising
 * `lastTotpStep` only if it is lower, a backup code by replacing the exact list it was read from.
 */
import { isUniqueViolation, openSecret, sealSecret, type PluginHost } from '../../plugin';
import { twoFactorSchema, type TwoFactorTable } from './schema';

/** The cipher purpose of the secret: a ciphertext copied into another column does not decrypt there. */
export const SECRET_PURPOSE = 'two-factor-secret';

export interface TwoFactorRecord {
  id: string;
  userId: string;
  /** Decrypted. */
  secret: string;
  backupCodes: string;
  verified: boolean;
  lastTotpStep: number | null;
}

/** Enables racing for one user; past this many, the store gives up with the database's error. */
const MAX_PUT_ATTEMPTS = 10;

export function twoFactorStore(auth: PluginHost) {
  const db = twoFactorSchema.db(auth);

  function toRecord(row: TwoFactorTable): TwoFactorRecord {
    return {
      id: row.id,
      userId: row.userId,
      secret: openSecret(auth, row.secret, SECRET_PURPOSE),
      backupCodes: row.backupCodes,
      // SQLite keeps booleans as 0/1.
      verified: Boolean(row.verified),
      lastTotpStep: row.lastTotpStep === null ? null : Number(row.lastTotpStep),
    };
  }

  return {
    async find(userId: string): Promise<TwoFactorRecord | null> {
      const row = await db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    /**
     * A new, unverified secret and backup codes for the user, replacing an unverified row's; false
     * when the user has a verified one. Two enables at once both find no row to replace and both
     * insert, so the later insert meets the unique index on userId: it tries again, replacing the
     * other's row as a later enable would, unless that row was verified meanwhile. Each retry
     * follows a commit of a competitor, so the tries are bounded by the requests racing.
     */
    async put(row: { id: string; userId: string; secret: string; backupCodes: string }): Promise<boolean> {
      const values = {
        secret: sealSecret(auth, row.secret, SECRET_PURPOSE),
        backupCodes: row.backupCodes,
        verified: false,
        lastTotpStep: null,
      };
      for (let attempt = 1; ; attempt++) {
        try {
          // Two statements, not one transaction: on MySQL a transaction's delete of a missing row
          // takes a gap lock, and two such transactions inserting then deadlock each other. Between
          // them the user simply has no row, as before their first enable.
          await db.deleteFrom('twoFactor').where('userId', '=', row.userId).where('verified', '=', false).execute();
          await db
            .insertInto('twoFactor')
            .values({ id: row.id, userId: row.userId, ...values })
            .execute();
          return true;
        } catch (error) {
          // MySQL may still pick one of two racing inserts as a deadlock victim: that one tries again too.
          const retryable = isUniqueViolation(error) || (error as { code?: unknown }).code === 'ER_LOCK_DEADLOCK';
          if (!retryable || attempt === MAX_PUT_ATTEMPTS) throw error;
          const competitor = await db
            .selectFrom('twoFactor')
            .select('verified')
            .where('userId', '=', row.userId)
            .executeTakeFirst();
          if (competitor && Boolean(competitor.verified)) return false;
        }
      }
    },

    async markVerified(id: string): Promise<void> {
      await db.updateTable('twoFactor').set({ verified: true }).where('id', '=', id).execute();
    },

    /** True only for the caller that moved `lastTotpStep` up to `step`: a code's step counts once. */
    async takeTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('twoFactor')
        .set({ lastTotpStep: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Replaces the backup codes if they are still `expected`: true only for the caller that did. */
    async swapBackupCodes(id: string, expected: string, next: string): Promise<boolean> {
      const result = await db
        .updateTable('twoFactor')
        .set({ backupCodes: next })
        .where('id', '=', id)
        .where('backupCodes', '=', expected)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setBackupCodes(id: string, backupCodes: string): Promise<void> {
      await db.updateTable('twoFactor').set({ backupCodes }).where('id', '=', id).execute();
    },

    async delete(userId: string): Promise<void> {
      await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
    },
  };
}

export type TwoFactorStore = ReturnType<typeof twoFactorStore>;
