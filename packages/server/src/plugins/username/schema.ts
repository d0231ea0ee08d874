/**
 * @module The columns the username plugin adds to `user` (better-auth's names, so a better-auth
 * database reads the same): `username`, unique and stored lower-cased, null for users without
 * one; `displayUsername`, the username as the user typed it (or chose to show it).
 */
import { definePluginSchema, type FieldDeclarations, type Migration } from '../../plugin';

/** Both nullable: users who signed up without a username have neither. */
export const USERNAME_FIELDS = Object.freeze({
  username: 'string',
  displayUsername: 'string',
} as const satisfies FieldDeclarations);

/** The plugin's data: no tables of its own, two user columns. */
export const usernameSchema = definePluginSchema()({ user: USERNAME_FIELDS });

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
