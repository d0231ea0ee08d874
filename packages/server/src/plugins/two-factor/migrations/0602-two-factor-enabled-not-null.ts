/**
 * @module user.twoFactorEnabled NOT NULL, default false: better-auth's clients read `false` for a
 * user who never turned two-factor on, and 0600 left such users NULL. No dialect shares a way to
 * add a default and NOT NULL to a column (SQLite has none at all), so the column is rebuilt: a new
 * one with the default, the old values copied (NULL as false), the old dropped, the new renamed.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

const COLUMN = 'twoFactorEnabled';
const REBUILT = 'twoFactorEnabledNotNull';

export const twoFactorEnabledNotNullMigration: Migration = {
  name: '0602-two-factor-enabled-not-null',
  async up(db, t) {
    await db.schema
      .alterTable('user')
      .addColumn(REBUILT, t.bool, (c) => c.notNull().defaultTo(sql.lit(false)))
      .execute();
    await sql`update ${sql.table('user')} set ${sql.ref(REBUILT)} = ${sql.lit(true)} where ${sql.ref(COLUMN)} = ${sql.lit(true)}`.execute(
      db,
    );
    await db.schema.alterTable('user').dropColumn(COLUMN).execute();
    await db.schema.alterTable('user').renameColumn(REBUILT, COLUMN).execute();
  },
};
