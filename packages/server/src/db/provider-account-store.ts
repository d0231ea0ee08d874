/**
 * @module Queries on the account rows of external identity providers. The provider's access,
 * refresh and id tokens pass through here only: they are encrypted on the way in and decrypted on
 * the way out (crypto/token-cipher.ts), so no caller can store one in clear. A row is one provider
 * identity, `(providerId, accountId)` unique: the database, not a prior read, decides which user
 * an identity belongs to when two flows race.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { TokenCipher } from '../crypto/token-cipher';
import type { FieldType } from '../plugin/declarations';
import type { User } from './records';
import type { AccountTable, Database, UserTable } from './schema';
import { toUser } from './user-store';

export type TokenColumn = 'accessToken' | 'refreshToken' | 'idToken';

/** What a provider's token answer sets on the account row. */
export type AccountTokens = Pick<
  AccountTable,
  'accessToken' | 'refreshToken' | 'idToken' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt' | 'scope'
>;

/** A provider identity's row; the password column is the credential account's alone. */
export type ProviderAccount = Omit<AccountTable, 'password'>;

export type NewProviderAccount = Omit<ProviderAccount, 'createdAt' | 'updatedAt'>;

export function createProviderAccountStore(
  db: Kysely<Database>,
  userFields: ReadonlyMap<string, FieldType>,
  cipher: TokenCipher,
) {
  const seal = (value: string | null, column: TokenColumn) => (value === null ? null : cipher.encrypt(value, column));

  /**
   * A value written by better-auth (in clear) is read as it is, and is encrypted when next written;
   * one that no longer decrypts (its secret was dropped from `previousSecrets`) is no token at all.
   */
  function open(value: string | null, column: TokenColumn): string | null {
    if (value === null || !cipher.isEncrypted(value)) return value;
    try {
      return cipher.decrypt(value, column);
    } catch {
      return null;
    }
  }

  function toAccount(row: Selectable<AccountTable>): ProviderAccount {
    return {
      id: row.id,
      providerId: row.providerId,
      accountId: row.accountId,
      userId: row.userId,
      accessToken: open(row.accessToken, 'accessToken'),
      refreshToken: open(row.refreshToken, 'refreshToken'),
      idToken: open(row.idToken, 'idToken'),
      accessTokenExpiresAt: row.accessTokenExpiresAt,
      refreshTokenExpiresAt: row.refreshTokenExpiresAt,
      scope: row.scope,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  function toRow(account: NewProviderAccount, now: Date): Insertable<AccountTable> {
    return {
      ...account,
      password: null,
      accessToken: seal(account.accessToken, 'accessToken'),
      refreshToken: seal(account.refreshToken, 'refreshToken'),
      idToken: seal(account.idToken, 'idToken'),
      createdAt: now,
      updatedAt: now,
    };
  }

  return {
    /** The identity's row and the user it belongs to. */
    async findOwner(providerId: string, accountId: string): Promise<{ account: ProviderAccount; user: User } | null> {
      const account = await db
        .selectFrom('account')
        .selectAll()
        .where('providerId', '=', providerId)
        .where('accountId', '=', accountId)
        .executeTakeFirst();
      if (!account) return null;
      const user = await db.selectFrom('user').selectAll().where('id', '=', account.userId).executeTakeFirst();
      return user ? { account: toAccount(account), user: toUser(user as Selectable<UserTable>, userFields) } : null;
    },

    /** The user's rows of one provider, oldest first. */
    async listForUser(userId: string, providerId: string): Promise<ProviderAccount[]> {
      const rows = await db
        .selectFrom('account')
        .selectAll()
        .where('userId', '=', userId)
        .where('providerId', '=', providerId)
        .orderBy('createdAt')
        .execute();
      return rows.map(toAccount);
    },

    /** Throws the driver's unique violation when the identity is linked already; callers map it. */
    async create(account: NewProviderAccount, now: Date): Promise<void> {
      await db.insertInto('account').values(toRow(account, now)).execute();
    },

    /**
     * The user and its first account in one transaction: a race lost on the e-mail or on the
     * identity leaves neither behind. Throws the driver's unique violation; callers map it.
     */
    async createUserWithAccount(user: User, account: Omit<NewProviderAccount, 'userId'>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('user').values(user).execute();
        await trx
          .insertInto('account')
          .values(toRow({ ...account, userId: user.id }, user.createdAt))
          .execute();
      });
    },

    /** Replaces the given token columns; the others stay as they are. */
    async updateTokens(accountRowId: string, tokens: Partial<AccountTokens>, now: Date): Promise<void> {
      const patch: Updateable<AccountTable> = { updatedAt: now };
      for (const column of ['accessToken', 'refreshToken', 'idToken'] as const) {
        if (tokens[column] !== undefined) patch[column] = seal(tokens[column], column);
      }
      if (tokens.accessTokenExpiresAt !== undefined) patch.accessTokenExpiresAt = tokens.accessTokenExpiresAt;
      if (tokens.refreshTokenExpiresAt !== undefined) patch.refreshTokenExpiresAt = tokens.refreshTokenExpiresAt;
      if (tokens.scope !== undefined) patch.scope = tokens.scope;
      await db.updateTable('account').set(patch).where('id', '=', accountRowId).execute();
    },
  };
}

export type ProviderAccountStore = ReturnType<typeof createProviderAccountStore>;
