/**
 * @module GET /admin/list-audit-events: everyone's events for the admin console, newest first,
 * filtered by user, type, outcome and time range, paged in SQL, with the total the filters match and the
 * e-mails of the users each event names. Latchkey's
 * own route; who may call it is the host's decision (`mayListAuditEvents`), as this plugin knows
 * nothing of platform roles.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { countAuditEvents, emailsOfEventUsers, listAuditEvents, type AuditFilter } from '../store';
import { AUDIT_ERRORS } from '../errors';
import { AUDIT_DEFAULTS, type ResolvedAuditOptions } from '../options';
import { adminAuditEventResponse } from '../responses';

const filterQuery = z.object({
  userId: z.string().min(1).max(255).optional(),
  type: z.string().min(1).max(255).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
/** The filters, shared with the CSV export (export-audit-events-csv.ts), which takes no paging. */
export const auditFilterQuery = filterQuery;

const query = filterQuery.extend({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export function auditFilterOf(query: z.output<typeof filterQuery>): AuditFilter {
  return {
    userId: query.userId,
    type: query.type,
    outcome: query.outcome,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

export function listAuditEventsRoute(options: ResolvedAuditOptions) {
  return defineEndpoint({
    id: 'listAuditEvents',
    method: 'GET',
    path: '/admin/list-audit-events',
    summary: 'List audit events (admin)',
    response: z.object({ events: z.array(adminAuditEventResponse), total: z.number().int() }),
    errors: [AUDIT_ERRORS.notAllowedToListAuditEvents],
    query,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      if (!(await options.mayListAuditEvents(session.user, auth)))
        throw new AuthError(AUDIT_ERRORS.notAllowedToListAuditEvents);
      const filter = auditFilterOf(query);
      const page = {
        limit: Math.min(query.limit ?? AUDIT_DEFAULTS.listLimit, AUDIT_DEFAULTS.listMaxLimit),
        offset: query.offset ?? 0,
      };
      const [events, total] = await Promise.all([listAuditEvents(auth, filter, page), countAuditEvents(auth, filter)]);
      const emails = await emailsOfEventUsers(auth, events);
      const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
      return {
        events: events.map((event) => ({
          ...event,
          actorEmail: emailOf(event.actorUserId),
          userEmail: emailOf(event.userId),
        })),
        total,
      };
    },
  });
}
