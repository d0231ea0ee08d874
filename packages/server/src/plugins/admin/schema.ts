/**
 * @module The admin plugin's columns: user.role (comma-separated roles), banned, banReason,
 * banExpires; session.impersonatedBy. Indexed for list-users' filters and sorts.
 */
import { sql } from 'kysely';
import { definePluginSchema, type FieldDeclarations, type Migration } from '../../plugin';

/** role and banned are NOT NULL with defaults (the migration below); a ban's reason and end may be absent. */
export const ADMIN_USER_FIELDS = Object.freeze({
  role: { type: 'string', notNull: true },
  banned: { type: 'boolean', notNull: true },
  banReason: 'string',
  banExpires: 'date',
} as const satisfies FieldDeclarations);

export const ADMIN_SESSION_FIELDS = Object.freeze({ impersonatedBy: 'string' } as const satisfies FieldDeclarations);

/** The plugin's data: no tables of its own, columns on user and session. */
export const adminSchema = definePluginSchema()({ user: ADMIN_USER_FIELDS, session: ADMIN_SESSION_FIELDS });

export type AdminUser = ReturnType<typeof adminSchema.user>;

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
    // The sort and search indexes of list-users came later: migrations 0201 and 0202 (migrations/).
    for (const column of ['role', 'createdAt']) {
      await db.schema.createIndex(`user_${column}_idx`).on('user').column(column).execute();
    }
  },
};
