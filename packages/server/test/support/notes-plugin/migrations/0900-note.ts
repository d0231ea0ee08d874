/**
 * @module The note table, and the count of notes on each user.
 */
import type { Migration } from '../../../../src/plugin';

export const notesMigration: Migration = {
  name: '0900-note',
  async up(db, t) {
    await db.schema
      .createTable('note')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('text', t.text, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.alterTable('user').addColumn('notesCount', 'integer').execute();
  },
};
