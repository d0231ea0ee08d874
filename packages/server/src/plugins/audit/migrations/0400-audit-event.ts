/**
 * @module The auditEvent table. No foreign keys: an event outlives the user or organization it
 * names (an account's deletion is itself an event). Its indexes serve list-audit-events' default
 * order and time range, its user and type filters, list-my-events, and the prune job's cutoff.
 */
import type { Migration } from '../../../plugin';

export const auditEventMigration: Migration = {
  name: '0400-audit-event',
  async up(db, t) {
    await db.schema
      .createTable('auditEvent')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('type', t.key, (c) => c.notNull())
      .addColumn('outcome', t.key, (c) => c.notNull())
      .addColumn('method', t.key)
      .addColumn('actorUserId', t.key)
      .addColumn('userId', t.key)
      .addColumn('organizationId', t.key)
      .addColumn('ipAddress', t.key)
      .addColumn('userAgent', t.text)
      .addColumn('detail', t.text)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    // Newest first with the id as tie-breaker: each index alone gives a filtered page's order.
    await db.schema.createIndex('auditEvent_createdAt_id_idx').on('auditEvent').columns(['createdAt', 'id']).execute();
    await db.schema
      .createIndex('auditEvent_userId_createdAt_idx')
      .on('auditEvent')
      .columns(['userId', 'createdAt', 'id'])
      .execute();
    await db.schema
      .createIndex('auditEvent_type_createdAt_idx')
      .on('auditEvent')
      .columns(['type', 'createdAt', 'id'])
      .execute();
  },
};
