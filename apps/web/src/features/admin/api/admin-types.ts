/**
 * @module The shapes of the admin API as the client types them. A leaf: the query keys and the
 * hooks both name them, and neither imports the other for it.
 */
import type { AuditEventType } from '../../../lib/audit-event';
import type { AppClient } from '../../../lib/auth';

export type ListUsersQuery = NonNullable<NonNullable<Parameters<AppClient['admin']['listUsers']>[0]>['query']>;
export type UserPage = NonNullable<Awaited<ReturnType<AppClient['admin']['listUsers']>>['data']>;
export type AdminUser = UserPage['users'][number];

/** GET /admin/list-audit-events's query, the event type narrowed to the types the app knows. */
export interface ListAuditEventsQuery {
  userId?: string;
  type?: AuditEventType;
  /** ISO instants, both ends included. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export type AuditEventPage = NonNullable<Awaited<ReturnType<AppClient['admin']['listAuditEvents']>>['data']>;
/** One event of the admin list: the row, and the current e-mails of the users it names. */
export type AdminAuditEvent = AuditEventPage['events'][number];
