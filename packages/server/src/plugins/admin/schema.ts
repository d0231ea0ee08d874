/**
 * @module The admin plugin's columns: user.role (comma-separated roles), banned, banReason,
 * banExpires; session.impersonatedBy. Indexed for list-users' filters and sorts.
 */
import { sql } from 'kysely';
import type { FieldType, Migration } from '../../plugin-api';

export const ADMIN_USER_FIELDS: Readonly<Record<string, FieldType>> = Object.freeze({
  role: 'string',
  banned: 'boolean',
  banReason: 'string',
  banExpires: 'date',
});

export const ADMIN_SESSION_FIELDS: Readonly<Record<string, FieldType>> = Object.freeze({ impersonatedBy: 'string' });

export const adminMigration: Migration = {
  name: '0200-admin',
  async up(db, t) {
    await db.schema.alterTable('user').addColumn('role', t.key, (c) => c.notNull().defaultTo('user')).execute();
    await db.schema.alterTable('user').addColumn('banned', t.bool, (c) => c.notNull().defaultTo(sql.lit(false))).execute();
    await db.schema.alterTable('user').addColumn('banReason', t.text).execute();
    await db.schema.alterTable('user').addColumn('banExpires', t.date).execute();
    await db.schema.alterTable('session').addColumn('impersonatedBy', t.key).execute();
    // Not name: a TEXT column MySQL cannot index whole, and `contains` searches cannot use an index anyway.
    for (const column of ['role', 'createdAt']) {
      await db.schema.createIndex(`user_${column}_idx`).on('user').column(column).execute();
    }
  },
};
