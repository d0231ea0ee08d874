/**
 * @module The index that pages an organization's members (get-full-organization's `membersLimit`,
 * list-members) in their order, oldest first with the id breaking ties, so a page of a large
 * organization reads that page, not every membership, sorted.
 */
import type { Migration } from '../../../plugin';

export const memberPageIndexMigration: Migration = {
  name: '0305-member-page-index',
  async up(db) {
    await db.schema
      .createIndex('member_organizationId_createdAt_id_idx')
      .on('member')
      .columns(['organizationId', 'createdAt', 'id'])
      .execute();
  },
};
