/**
 * @module Indexes that let list-users answer a page sorted by createdAt (the default) or name without
 * sorting the whole user table: each with the id, the query's tie-breaker, so the index alone gives
 * the order. E-mail needs none: its unique index already orders it, and no two rows tie.
 */
import type { Migration } from '../../../plugin';

export const userSortIndexesMigration: Migration = {
  name: '0201-user-sort-indexes',
  async up(db, t) {
    await db.schema.createIndex('user_createdAt_id_idx').on('user').columns(['createdAt', 'id']).execute();
    // 0200's single-column index is a prefix of the new one: keeping both only costs writes.
    const drop = db.schema.dropIndex('user_createdAt_idx');
    await (t.dialect === 'mysql' ? drop.on('user') : drop).execute();
    // name is TEXT, which MySQL indexes only by a prefix, and a prefix index cannot give an order:
    // MySQL keeps sorting by name (a top-N sort over the table).
    if (t.dialect !== 'mysql') {
      await db.schema.createIndex('user_name_id_idx').on('user').columns(['name', 'id']).execute();
    }
  },
};
