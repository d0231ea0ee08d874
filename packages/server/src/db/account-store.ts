/**
 * @module Queries on the account table.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export function createAccountStore(db: Kysely<Database>) {
  return {
    async updatePassword(accountRowId: string, passwordHash: string, now: Date): Promise<void> {
      await db.updateTable('account').set({ password: passwordHash, updatedAt: now }).where('id', '=', accountRowId).execute();
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
