/**
 * @module The trustedDevice table: one row per browser a user trusted at the second step, so the
 * user can list and forget them (verification rows cannot be listed by user). Only the digest of
 * the cookie's token rests here (`tokenHash`, unique: the sign-in finds the row by it). Rows go
 * with the user, and the prune job deletes expired ones through the expiresAt index. Browsers
 * trusted before this table existed (verification rows `trust-device:…`) are forgotten: they are
 * asked the second step once more.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

export const trustedDeviceMigration: Migration = {
  name: '0601-trusted-device',
  async up(db, t) {
    await db.schema
      .createTable('trustedDevice')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('tokenHash', t.key, (c) => c.notNull().unique())
      .addColumn('userAgent', t.text)
      .addColumn('ipAddress', t.key)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('lastUsedAt', t.date, (c) => c.notNull())
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trustedDevice_userId_idx').on('trustedDevice').column('userId').execute();
    await db.schema.createIndex('trustedDevice_expiresAt_idx').on('trustedDevice').column('expiresAt').execute();
    await sql`delete from ${sql.table('verification')} where ${sql.ref('identifier')} like ${'trust-device:%'}`.execute(
      db,
    );
  },
};
