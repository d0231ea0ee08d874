/**
 * @module The audit plugin's table as Kysely sees it, its schema declaration, and the rows the
 * prune job deletes: events older than the retention, found through the createdAt index.
 */
import { definePluginSchema, type ExpiringRows } from '../../plugin';

export interface AuditEventTable {
  id: string;
  type: string;
  outcome: string;
  method: string | null;
  actorUserId: string | null;
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** JSON text of the event's detail; answered parsed. */
  detail: string | null;
  createdAt: Date;
}

export interface AuditTables {
  auditEvent: AuditEventTable;
}

/** No columns on user or session: the plugin's one table. */
export const auditSchema = definePluginSchema<AuditTables>()({});

/** createdAt is the expiry column, kept `retentionDays` past it: a changed retention applies to old rows too. */
export function auditExpiringRows(retentionDays: number): readonly ExpiringRows[] {
  return Object.freeze([{ table: 'auditEvent', expiresAt: 'createdAt', keepFor: retentionDays * 24 * 60 * 60 }]);
}
