/**
 * @module The audit log screen's state — the filters (kept in the address, so that a user's page
 * can link to their events and a filtered view can be shared) and the page — as the
 * list-audit-events query. The time range is picked in the admin's local time to the minute;
 * it travels as ISO instants, and "to" takes in the whole of its minute.
 */
import type { GridPaginationModel } from '@mui/x-data-grid';
import { isAuditEventType, type AuditEventType } from '../../../lib/audit-event';
import type { ListAuditEventsQuery } from '../api/list-audit-events';

export interface AuditFilter {
  userId: string;
  type: AuditEventType | '';
  /** `datetime-local` values (`2026-11-26T14:05`), in the browser's time zone; '' for open. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { userId: '', type: '', from: '', to: '' };

const FILTER_KEYS = ['userId', 'type', 'from', 'to'] as const;
const MINUTE_MS = 60_000;

export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const type = params.get('type') ?? '';
  return {
    userId: params.get('userId') ?? '',
    type: isAuditEventType(type) ? type : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** The address's query for a filter: empty filters are left out. */
export function auditSearchOf(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  return params;
}

/** `/admin/audit`, filtered. */
export function auditPath(filter: Partial<AuditFilter> = {}): string {
  const search = auditSearchOf({ ...NO_AUDIT_FILTER, ...filter }).toString();
  return search ? `/admin/audit?${search}` : '/admin/audit';
}

function instant(local: string, endOfMinute: boolean): string | undefined {
  if (!local) return undefined;
  const time = new Date(local).getTime();
  if (Number.isNaN(time)) return undefined;
  // A minute-precise "to" means up to the end of that minute, or the events of it would be left out.
  const withSeconds = /T\d{2}:\d{2}:\d{2}/.test(local);
  return new Date(endOfMinute && !withSeconds ? time + MINUTE_MS - 1 : time).toISOString();
}

export function toListAuditEventsQuery(filter: AuditFilter, pagination: GridPaginationModel): ListAuditEventsQuery {
  const query: ListAuditEventsQuery = { limit: pagination.pageSize, offset: pagination.page * pagination.pageSize };
  const userId = filter.userId.trim();
  if (userId) query.userId = userId;
  if (filter.type) query.type = filter.type;
  const from = instant(filter.from, false);
  if (from) query.from = from;
  const to = instant(filter.to, true);
  if (to) query.to = to;
  return query;
}
