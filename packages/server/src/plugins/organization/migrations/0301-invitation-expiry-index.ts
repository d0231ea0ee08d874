/**
 * @module The index on invitation.expiresAt, through which the prune job finds expired invitations
 * (`ORGANIZATION_EXPIRING_ROWS`).
 */
import type { Migration } from '../../../plugin';

export const invitationExpiryIndexMigration: Migration = {
  name: '0301-invitation-expiry-index',
  async up(db) {
    await db.schema.createIndex('invitation_expiresAt_idx').on('invitation').column('expiresAt').execute();
  },
};
