/**
 * @module The admin plugin's columns: user.role (NOT NULL, default `user`), banned (NOT NULL,
 * default false), banReason, banExpires; session.impersonatedBy; and list-users' first indexes.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

export const adminMigration: Migration = {
  name: '0200-admin',
  async up(db, t) {
    await db.schema
      .alterTable('user')
      .addColumn('role', t.key, (c) => c.notNull().defaultTo('user'))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('banned', t.bool, (c) => c.notNull().defaultTo(sql.lit(false)))
      .execute();
    await db.schema.alterTable('user').addColumn('banReason', t.text).execute();
    await db.schema.alterTable('user').addColumn('banExpires', t.date).execute();
    await db.schema.alterTable('session').addColumn('impersonatedBy', t.key).execute();
    // The sort and search indexes of list-users came later: migrations 0201 and 0202.
    for (const column of ['role', 'createdAt']) {
      await db.schema.createIndex(`user_${column}_idx`).on('user').column(column).execute();
    }
  },
};
