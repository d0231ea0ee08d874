/** @module The securityNoticeUser table: one row per user who has signed in, gone with the user. */
import type { Migration } from '../../../plugin';

export const securityNoticeMigration: Migration = {
  name: '0800-security-notice',
  async up(db, t) {
    await db.schema
      .createTable('securityNoticeUser')
      .addColumn('userId', t.key, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('firstSignInAt', t.date, (c) => c.notNull())
      .execute();
  },
};
