/**
 * @module The audit plugin (issue #18): a table of security events, written from the events the
 * engine emits (never holding up or failing a request), kept `retentionDays`, and read through
 * GET /admin/list-audit-events (whoever the host allows) and GET /audit/list-my-events (one's own).
 * It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { AUDIT_ERRORS } from './errors';
import { createEventWriter } from './event-writer';
import { auditEventMigration } from './migrations/0400-audit-event';
import { auditTypeOutcomeIndexMigration } from './migrations/0401-audit-type-outcome-index';
import { AUDIT_DEFAULTS, resolveAuditOptions, type AuditOptions } from './options';
import { listAuditEventsRoute } from './routes/list-audit-events';
import { listMyAuditEvents } from './routes/list-my-events';
import { exportAuditEventsCsv } from './routes/export-audit-events-csv';
import { auditExpiringRows } from './schema';

export { AUDIT_DEFAULTS, AUDIT_ERRORS, type AuditOptions };
export type { AuditEvent } from './store';

export function auditPlugin(options: AuditOptions = {}) {
  const resolved = resolveAuditOptions(options);
  return definePlugin({
    id: 'audit',
    errors: AUDIT_ERRORS,
    endpoints: [listAuditEventsRoute(resolved), exportAuditEventsCsv(resolved), listMyAuditEvents],
    migrations: [auditEventMigration, auditTypeOutcomeIndexMigration],
    hooks: { event: createEventWriter() },
    expiringRows: auditExpiringRows(resolved.retentionDays),
  });
}
