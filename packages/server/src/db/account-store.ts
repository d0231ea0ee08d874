/**
 * @module Queries on the account table: the credential account (providerId `credential`, holding
 * the password hash) and linked provider accounts.
 */
import type { Kysely } from 'kysely';
import { randomString } from '../crypto/random';
import { DEFAULTS } from '../options';
import { toDate } from './records';
import type { Database } from './schema';

export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  scope: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function createAccountStore(db: Kysely<Database>) {
  return {
    async updatePassword(accountRowId: string, passwordHash: string, now: Date): Promise<void> {
      await db.updateTable('account').set({ password: passwordHash, updatedAt: now }).where('id', '=', accountRowId).execute();
    },

    async findCredential(userId: string): Promise<{ id: string; password: string | null } | null> {
      const row = await db
        .selectFrom('account')
        .select(['id', 'password'])
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .executeTakeFirst();
      return row ?? null;
    },

    async createCredential(userId: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .insertInto('account')
        .values({
          id: randomString(DEFAULTS.idLength),
          accountId: userId,
          providerId: 'credential',
          userId,
          password: passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    },

    async listByUser(userId: string): Promise<LinkedAccount[]> {
      const rows = await db
        .selectFrom('account')
        .select(['id', 'providerId', 'accountId', 'scope', 'createdAt', 'updatedAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
      return rows.map((row) => ({ ...row, createdAt: toDate(row.createdAt), updatedAt: toDate(row.updatedAt) }));
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('account').where('id', '=', id).execute();
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
