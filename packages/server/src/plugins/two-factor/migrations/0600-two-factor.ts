/**
 * @module The twoFactor table and user.twoFactorEnabled. One row per user (a unique userId), gone
 * with the user.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

export const twoFactorMigration: Migration = {
  name: '0600-two-factor',
  async up(db, t) {
    await db.schema.alterTable('user').addColumn('twoFactorEnabled', t.bool).execute();
    await db.schema
      .createTable('twoFactor')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('userId', t.key, (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
      .addColumn('secret', t.text, (c) => c.notNull())
      .addColumn('backupCodes', t.text, (c) => c.notNull())
      .addColumn('verified', t.bool, (c) => c.notNull().defaultTo(sql.lit(false)))
      .addColumn('lastTotpStep', 'integer')
      .execute();
  },
};
