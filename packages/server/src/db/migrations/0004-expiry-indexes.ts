/**
 * @module Indexes on the expiry of sessions and verification values: the prune job finds each
 * batch of expired rows through them instead of scanning the table (maintenance/prune-job.ts).
 */
import type { Migration } from '../migrate';

export const expiryIndexesMigration: Migration = {
  name: '0004-expiry-indexes',
  async up(db) {
    await db.schema.createIndex('session_expiresAt_idx').on('session').column('expiresAt').execute();
    await db.schema.createIndex('verification_expiresAt_idx').on('verification').column('expiresAt').execute();
  },
};
