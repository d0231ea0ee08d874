/**
 * @module Queries on the verification table. Rows are found by identifier (`purpose:digest`, the
 * indexed column), and consumed by a conditional delete: of two concurrent redemptions only the one
 * whose delete removed the row wins, on every dialect.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, VerificationTable } from './schema';

export interface Verification {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
}

function toVerification(row: Selectable<VerificationTable>): Verification {
  return { id: row.id, identifier: row.identifier, value: row.value, expiresAt: row.expiresAt };
}

export function createVerificationStore(db: Kysely<Database>) {
  return {
    async create(row: Verification & { createdAt: Date }): Promise<void> {
      const { createdAt, ...rest } = row;
      await db
        .insertInto('verification')
        .values({ ...rest, createdAt, updatedAt: createdAt, nonce: null })
        .execute();
    },

    async find(identifier: string): Promise<Verification | null> {
      const row = await db
        .selectFrom('verification')
        .selectAll()
        .where('identifier', '=', identifier)
        .executeTakeFirst();
      return row ? toVerification(row) : null;
    },

    /** Deletes the row; true only for the caller whose delete removed it. */
    async take(id: string): Promise<boolean> {
      const result = await db.deleteFrom('verification').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /**
     * Replaces the row's value only if it is still `expected`; true only for the caller whose update
     * matched, so parallel read-then-write steps on one row (a count) each see a distinct value.
     */
    async swapValue(id: string, expected: string, next: string): Promise<boolean> {
      const result = await db
        .updateTable('verification')
        .set({ value: next })
        .where('id', '=', id)
        .where('value', '=', expected)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Rows whose value names the user (`userId` or `userId:…`): their pending tokens die with them. */
    async deleteForUser(userId: string): Promise<void> {
      await db
        .deleteFrom('verification')
        .where((eb) => eb.or([eb('value', '=', userId), eb('value', 'like', `${userId}:%`)]))
        .execute();
    },
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
