/**
 * @module The auditEvent table's queries: rows written from events (in batches), and pages read
 * newest first with filters, paging and the count in SQL. What a row holds is cut to its column's
 * size and cleaned of anything named like a secret, whatever an emitter put in its detail.
 */
import { DEFAULTS, USER_AGENT_MAX, randomString, type PluginHost, type AuthEvent } from '../../plugin';
import { AUDIT_DEFAULTS } from './options';
import { auditSchema, type AuditEventTable } from './schema';

/**
 * An event as the API answers it. `createdAt` goes over the wire as an ISO string, as every date
 * does; a typed client revives it as a `Date` (@latchkey/client's parse-dates), hence its type here.
 */
export interface AuditEvent {
  id: string;
  type: string;
  outcome: 'success' | 'failure';
  method: string | null;
  actorUserId: string | null;
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  createdAt: Date;
}

export interface AuditFilter {
  userId?: string | undefined;
  type?: string | undefined;
  /** The admin's "last sign-in" is the newest successful sign-in, however many failures followed. */
  outcome?: 'success' | 'failure' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Types left out (a user's own view hides the noise). */
  excludeTypes?: readonly string[] | undefined;
}

/** varchar(255) columns; the user agent is text, cut as the session table cuts it (USER_AGENT_MAX). */
const KEY_MAX = 255;
/** A detail never keeps a value under such a name, even if an emitter forgot the rule. */
const SECRET_NAME = /password|token|secret|hash|cookie|otp|code_verifier/i;

const cut = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

function cleanDetail(detail: AuthEvent['detail']): string | null {
  if (!detail) return null;
  const kept = Object.entries(detail).filter(([name]) => !SECRET_NAME.test(name));
  return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : null;
}

export function toAuditRow(event: AuthEvent): AuditEventTable {
  return {
    id: randomString(DEFAULTS.idLength),
    type: event.type,
    outcome: event.outcome,
    method: cut(event.method, KEY_MAX),
    actorUserId: cut(event.actorUserId, KEY_MAX),
    userId: cut(event.userId, KEY_MAX),
    organizationId: cut(event.organizationId, KEY_MAX),
    ipAddress: cut(event.ipAddress, KEY_MAX),
    userAgent: cut(event.userAgent, USER_AGENT_MAX),
    detail: cleanDetail(event.detail),
    createdAt: event.at,
  };
}

export async function insertAuditRows(auth: PluginHost, rows: readonly AuditEventTable[]): Promise<void> {
  const db = auditSchema.db(auth);
  for (let start = 0; start < rows.length; start += AUDIT_DEFAULTS.writeBatch) {
    await db
      .insertInto('auditEvent')
      .values(rows.slice(start, start + AUDIT_DEFAULTS.writeBatch))
      .execute();
  }
}

function parseDetail(text: string | null): AuditEvent['detail'] {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as AuditEvent['detail']) : null;
  } catch {
    return null;
  }
}

export function toAuditEvent(row: AuditEventTable): AuditEvent {
  return {
    ...row,
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    detail: parseDetail(row.detail),
  };
}

function filtered(auth: PluginHost, filter: AuditFilter) {
  let query = auditSchema.db(auth).selectFrom('auditEvent');
  if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('createdAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('createdAt', '<=', filter.to);
  if (filter.excludeTypes?.length) query = query.where('type', 'not in', filter.excludeTypes);
  return query;
}

/** One page, newest first (the id breaks ties, so pages neither repeat nor skip rows). */
export async function listAuditEvents(
  auth: PluginHost,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEvent[]> {
  const rows = await filtered(auth, filter)
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toAuditEvent);
}

/**
 * The events after `after` in list order (newest first), for an export that reads them batch by
 * batch: a key rather than an offset, so events written meanwhile (the export's own sign-ins and
 * everyone else's) neither repeat a row nor skip one.
 */
export async function listAuditEventsAfter(
  auth: PluginHost,
  filter: AuditFilter,
  limit: number,
  after: Pick<AuditEvent, 'createdAt' | 'id'> | null,
): Promise<AuditEvent[]> {
  let query = filtered(auth, filter);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '<', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toAuditEvent);
}

/**
 * The current e-mail of each user the events name (actor and subject), in one query: the admin
 * console shows people, not ids. A deleted user has none; the id stays the event's record.
 */
export async function emailsOfEventUsers(
  auth: PluginHost,
  events: readonly AuditEvent[],
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(events.flatMap((event) => [event.actorUserId, event.userId]).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await auditSchema.db(auth).selectFrom('user').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function countAuditEvents(auth: PluginHost, filter: AuditFilter): Promise<number> {
  const { n } = await filtered(auth, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
