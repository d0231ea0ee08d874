/**
 * @module GET /admin/list-audit-events: one page of the audit log, newest first, filtered by user,
 * event type and time range on the server, with the total. Called by path: the route is the audit
 * log's own, not one of better-auth's admin routes the client plugin types. The previous page stays
 * on screen while the next loads, as in the users grid.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppResult } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';
import type { AuditEventPage, ListAuditEventsQuery } from './admin-types';

export type { AuditEventPage, ListAuditEventsQuery } from './admin-types';

export const LIST_AUDIT_EVENTS_PATH = '/admin/list-audit-events';

export function useListAuditEvents(query: ListAuditEventsQuery) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.auditEvents(query),
    queryFn: () =>
      unwrap(
        client.$fetch<AuditEventPage>(LIST_AUDIT_EVENTS_PATH, { query }, { method: 'GET' }) as Promise<
          AppResult<AuditEventPage>
        >,
      ),
    placeholderData: keepPreviousData,
  });
}
