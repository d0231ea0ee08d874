/**
 * @module Queries on the account table: the credential account (providerId `credential`, holding
 * the password hash) and linked provider accounts.
 */
import type { Kysely } from 'kysely';
import { randomString } from '../crypto/random';
import { DEFAULTS } from '../auth/options';
import { lockedTransaction } from './locked-transaction';
import type { Database, Dialect } from './schema';

export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  scope: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function selectCredential(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('account')
    .select(['id', 'password'])
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
}

export function createAccountStore(db: Kysely<Database>, dialect: Dialect) {
  /**
   * Runs `work` as the only change to this user's accounts at that moment, so "is this the last
   * account?" and "has the user a password yet?" stay true until the change is made.
   */
  function forUser<T>(userId: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return lockedTransaction(db, dialect, { table: 'user', ids: [userId] }, (trx) => work(trx));
  }

  return {
    async updatePassword(accountRowId: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('account')
        .set({ password: passwordHash, updatedAt: now })
        .where('id', '=', accountRowId)
        .execute();
    },

    async findCredential(userId: string): Promise<{ id: string; password: string | null } | null> {
      return (await selectCredential(db, userId)) ?? null;
    },

    async listByUser(userId: string): Promise<LinkedAccount[]> {
      const rows = await db
        .selectFrom('account')
        .select(['id', 'providerId', 'accountId', 'scope', 'createdAt', 'updatedAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
      return rows;
    },

    /** Deletes the user's account unless it is the last one and that is not allowed. */
    deleteUnlessLast(userId: string, accountRowId: string, allowLast: boolean): Promise<'deleted' | 'last'> {
      return forUser(userId, async (trx) => {
        const { n } = await trx
          .selectFrom('account')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow();
        if (n <= 1 && !allowLast) return 'last';
        await trx.deleteFrom('account').where('id', '=', accountRowId).where('userId', '=', userId).execute();
        return 'deleted';
      });
    },

    /**
     * Gives the user this password: updates the credential account, completes one without a hash,
     * or creates it. With `onlyIfNone`, a user who already has a password keeps it ('exists').
     */
    setPassword(
      userId: string,
      passwordHash: string,
      now: Date,
      { onlyIfNone = false } = {},
    ): Promise<'set' | 'exists'> {
      return forUser(userId, async (trx) => {
        const credential = await selectCredential(trx, userId);
        if (credential?.password && onlyIfNone) return 'exists';
        if (credential) {
          await trx
            .updateTable('account')
            .set({ password: passwordHash, updatedAt: now })
            .where('id', '=', credential.id)
            .execute();
        } else {
          await trx
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
        }
        return 'set';
      });
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
