/**
 * @module GET /admin/export-audit-events.csv: the events the audit log's filters select (user,
 * type, outcome, time range), newest first, as a streamed CSV download, one batch in memory at a
 * time. Who may call it is the same decision as for the list (`mayListAuditEvents`).
 */
import { AuthError, csvResponse, defineEndpoint, type CsvCell } from '../../../plugin';
import { AUDIT_ERRORS } from '../errors';
import type { ResolvedAuditOptions } from '../options';
import { emailsOfEventUsers, listAuditEventsAfter, type AuditEvent } from '../store';
import { auditFilterOf, auditFilterQuery } from './list-audit-events';

export const AUDIT_EXPORT_BATCH_SIZE = 500;

const HEADER = [
  'createdAt',
  'type',
  'outcome',
  'method',
  'actorUserId',
  'actorEmail',
  'userId',
  'userEmail',
  'organizationId',
  'ipAddress',
  'userAgent',
  'detail',
];

export function exportAuditEventsCsv(options: ResolvedAuditOptions) {
  return defineEndpoint({
    id: 'exportAuditEventsCsv',
    method: 'GET',
    path: '/admin/export-audit-events.csv',
    summary: 'Export audit events as CSV',
    response: 'csv',
    errors: [AUDIT_ERRORS.notAllowedToListAuditEvents],
    query: auditFilterQuery,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      if (!(await options.mayListAuditEvents(session.user, auth)))
        throw new AuthError(AUDIT_ERRORS.notAllowedToListAuditEvents);
      const filter = auditFilterOf(query);
      let last: AuditEvent | null = null;
      let done = false;
      return csvResponse('audit-events.csv', HEADER, async () => {
        if (done) return [];
        const events = await listAuditEventsAfter(auth, filter, AUDIT_EXPORT_BATCH_SIZE, last);
        done = events.length < AUDIT_EXPORT_BATCH_SIZE;
        last = events.at(-1) ?? last;
        const emails = await emailsOfEventUsers(auth, events);
        const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
        return events.map((event): CsvCell[] => [
          event.createdAt,
          event.type,
          event.outcome,
          event.method,
          event.actorUserId,
          emailOf(event.actorUserId),
          event.userId,
          emailOf(event.userId),
          event.organizationId,
          event.ipAddress,
          event.userAgent,
          event.detail === null ? null : JSON.stringify(event.detail),
        ]);
      });
    },
  });
}
