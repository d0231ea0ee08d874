/**
 * @module Queries on the user table, and creating a user with its credential account in one
 * transaction.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UserTable } from './schema';
import type { FieldType } from '../plugin/declarations';
import { readExtraFields } from './extra-fields';
import type { User } from './records';
import type { SessionRevocations } from '../session/revocations';

/** A user and its credential account's password hash (null without one). */
export interface PasswordCredential {
  user: User;
  passwordHash: string | null;
  accountId: string | null;
}

export function toUser(row: Selectable<UserTable>, extra: ReadonlyMap<string, FieldType>): User {
  const user: User = {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image,
    language: row.language ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  readExtraFields(row as unknown as Record<string, unknown>, extra, user);
  return user;
}

/** Core columns, and plugin columns by name. */
export type UserPatch = Partial<Pick<User, 'name' | 'image' | 'email' | 'emailVerified' | 'language'>> &
  Record<string, unknown>;

export function createUserStore(
  db: Kysely<Database>,
  extra: ReadonlyMap<string, FieldType>,
  revocations: SessionRevocations,
) {
  const asUser = (row: Selectable<UserTable>) => toUser(row, extra);
  return {
    async findById(id: string): Promise<User | null> {
      const row = await db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? asUser(row) : null;
    },

    async findByEmail(email: string): Promise<User | null> {
      const row = await db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
      return row ? asUser(row) : null;
    },

    /**
     * The user whose unique `column` (`email`, or one a plugin adds such as `username`) equals
     * `value`, and the password hash of its credential account, in one query.
     */
    async findWithPasswordBy(column: string, value: string): Promise<PasswordCredential | null> {
      const row = await db
        .selectFrom('user')
        .leftJoin('account', (join) =>
          join.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'),
        )
        .selectAll('user')
        .select(['account.password as passwordHash', 'account.id as accountRowId'])
        .where(sql.ref(`user.${column}`), '=', value)
        .executeTakeFirst();
      if (!row) return null;
      const { passwordHash, accountRowId, ...user } = row;
      return { user: asUser(user), passwordHash: passwordHash ?? null, accountId: accountRowId ?? null };
    },

    /**
     * Throws the driver's unique-violation error when the e-mail is taken; callers map it. Without
     * an account (`null`: the admin's create-user given no password), the user alone.
     */
    async createWithCredential(user: User, account: { id: string; passwordHash: string } | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('user').values(user).execute();
        if (!account) return;
        await trx
          .insertInto('account')
          .values({
            id: account.id,
            accountId: user.id,
            providerId: 'credential',
            userId: user.id,
            password: account.passwordHash,
            createdAt: user.createdAt,
            updatedAt: user.createdAt,
          })
          .execute();
      });
    },

    /** Sessions and accounts go with the user (foreign keys cascade); its cookie caches too. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('user').where('id', '=', id).execute();
      await revocations.revokeUser(id);
    },

    async update(id: string, patch: UserPatch & { updatedAt: Date }): Promise<User | null> {
      await db.updateTable('user').set(patch).where('id', '=', id).execute();
      return this.findById(id);
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
