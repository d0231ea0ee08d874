/**
 * @module The username plugin's user columns: `username` (unique, lower-cased, null for users
 * without one) and `displayUsername`.
 */
import type { Migration } from '../../../plugin';

export const usernameMigration: Migration = {
  name: '0100-username',
  async up(db, t) {
    // One column per statement: SQLite adds a single column per ALTER TABLE.
    await db.schema.alterTable('user').addColumn('username', t.key).execute();
    await db.schema.alterTable('user').addColumn('displayUsername', t.text).execute();
    // The index, not a prior SELECT, keeps one user per username under parallel sign-ups; every
    // dialect lets any number of users have no username (NULLs are distinct in a unique index).
    await db.schema.createIndex('user_username_key').on('user').column('username').unique().execute();
  },
};
