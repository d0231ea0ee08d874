/**
 * @module The core tables of SPEC §3 — user, session, account, verification — with better-auth's
 * names, unique e-mail and session digest, an index on every foreign key and on
 * verification.identifier, and cascading deletes from user.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../migrate';

export const coreMigration: Migration = {
  name: '0001-core',
  async up(db: Kysely<unknown>, t) {
    await db.schema
      .createTable('user')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('name', t.text, (c) => c.notNull())
      .addColumn('email', t.key, (c) => c.notNull().unique())
      .addColumn('emailVerified', t.bool, (c) => c.notNull().defaultTo(sql.lit(false)))
      .addColumn('image', t.text)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('token', t.key, (c) => c.notNull().unique())
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .addColumn('ipAddress', t.text)
      .addColumn('userAgent', t.text)
      .execute();
    await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('accountId', t.key, (c) => c.notNull())
      .addColumn('providerId', t.key, (c) => c.notNull())
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('password', t.text)
      .addColumn('accessToken', t.text)
      .addColumn('refreshToken', t.text)
      .addColumn('idToken', t.text)
      .addColumn('accessTokenExpiresAt', t.date)
      .addColumn('refreshTokenExpiresAt', t.date)
      .addColumn('scope', t.text)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
    await db.schema
      .createIndex('account_providerId_accountId_idx')
      .on('account')
      .columns(['providerId', 'accountId'])
      .execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('identifier', t.key, (c) => c.notNull())
      .addColumn('value', t.text, (c) => c.notNull())
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .addColumn('nonce', t.text)
      .execute();
    await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();
  },
};
