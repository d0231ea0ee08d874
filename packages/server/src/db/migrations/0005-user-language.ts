/**
 * @module user.language: the language the user's mails are written in (one of the server's eight,
 * or NULL while unknown), a Latchkey column beyond better-auth's user (issue #32 item 15). NULL for
 * every existing user: their mails keep following the request, as before, until they choose.
 */
import type { Migration } from '../migrate';

export const userLanguageMigration: Migration = {
  name: '0005-user-language',
  async up(db, t) {
    await db.schema.alterTable('user').addColumn('language', t.text).execute();
  },
};
