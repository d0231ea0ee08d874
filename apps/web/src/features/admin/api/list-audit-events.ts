/**
 * @module GET /admin/list-audit-events: one page of the audit log, newest first, filtered by user,
 * event type and time range on the server, with the total. The previous page stays on screen while
 * the next loads, as in the users grid.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';
import type { ListAuditEventsQuery } from './admin-types';

export type { AuditEventPage, ListAuditEventsQuery } from './admin-types';

export function useListAuditEvents(query: ListAuditEventsQuery) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.auditEvents(query),
    queryFn: () => unwrap(client.admin.listAuditEvents({ query })),
    placeholderData: keepPreviousData,
  });
}
