/**
 * @module The SQL behind GET /organization/list-members: better-auth 1.7's filter (one field, one
 * operator, one value), sort and page over one organization's members, plus Latchkey's search by
 * name or e-mail (the web app's member search; better-auth's filter sees member columns only).
 * Column names come only from a whitelist, so an unknown field is a 400, never a SQL error or an
 * injection; values are bound parameters. An organization's members are few enough (its
 * membership limit) that the LIKE conditions scan them without an index of their own.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { AuthError, ERRORS, type PluginHost } from '../../../plugin';
import { organizationDb } from '../schema';
import { memberWithUserQuery, toMemberWithUser, type MemberWithUser } from './members';

const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'not_in',
  'contains',
  'starts_with',
  'ends_with',
] as const;
type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const memberPageQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortBy: z.string().optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  filterField: z.string().optional(),
  filterOperator: z.enum(FILTER_OPERATORS).optional(),
  filterValue: z
    .union([z.string().max(255), z.number(), z.boolean(), z.array(z.union([z.string().max(255), z.number()])).max(100)])
    .optional(),
  /** Latchkey's: members whose name or e-mail contains this, ignoring case. */
  searchValue: z.string().trim().max(255).optional(),
});

export type MemberPageQuery = z.output<typeof memberPageQuery>;

type ColumnType = 'string' | 'date';

/** Wire name → column and type; the user's name and e-mail are Latchkey's additions. */
const COLUMNS: Readonly<Record<string, { column: string; type: ColumnType }>> = {
  id: { column: 'member.id', type: 'string' },
  userId: { column: 'member.userId', type: 'string' },
  role: { column: 'member.role', type: 'string' },
  teamId: { column: 'member.teamId', type: 'string' },
  createdAt: { column: 'member.createdAt', type: 'date' },
  name: { column: 'user.name', type: 'string' },
  email: { column: 'user.email', type: 'string' },
};

function invalidQuery(path: string, message: string): AuthError {
  return new AuthError(ERRORS.invalidQuery, { details: [{ path, message }] });
}

function columnOf(name: string, param: string): { column: string; type: ColumnType } {
  // Own keys only: `constructor` or `__proto__` must not name a column.
  const entry = Object.hasOwn(COLUMNS, name) ? COLUMNS[name] : undefined;
  if (!entry) throw invalidQuery(param, `Unknown field; one of ${Object.keys(COLUMNS).join(', ')}`);
  return entry;
}

type Scalar = string | number | boolean;

function coerce(type: ColumnType, raw: Scalar): string | Date {
  if (type === 'string') return String(raw);
  const date = new Date(typeof raw === 'boolean' ? Number.NaN : raw);
  if (Number.isNaN(date.getTime())) throw invalidQuery('filterValue', 'Expected a date');
  return date;
}

/** `!` escapes: a backslash means different things in MySQL's and PostgreSQL's string literals. */
function likePattern(value: string, operator: 'contains' | 'starts_with' | 'ends_with'): string {
  const escaped = value.toLowerCase().replace(/[!%_]/g, '!$&');
  return operator === 'starts_with' ? `${escaped}%` : operator === 'ends_with' ? `%${escaped}` : `%${escaped}%`;
}

function likeCondition(column: string, value: string, operator: 'contains' | 'starts_with' | 'ends_with') {
  // Every dialect's LIKE has its own case rules: both sides lower-cased give one answer on all three.
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(value, operator)} escape '!'`;
}

const COMPARISONS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function filterCondition(field: string, operator: FilterOperator, raw: Scalar | Scalar[]): Expression<SqlBool> {
  const { column, type } = columnOf(field, 'filterField');
  const ref = sql.ref(column);
  if (operator === 'in' || operator === 'not_in') {
    // A query string carries a list as one comma-separated value; a JSON caller may send an array.
    const items = Array.isArray(raw) ? raw : String(raw).split(',');
    if (items.length === 0) throw invalidQuery('filterValue', 'Expected at least one value');
    const values = items.map((item) => coerce(type, item));
    return operator === 'in'
      ? sql<SqlBool>`${ref} in (${sql.join(values)})`
      : sql<SqlBool>`(${ref} not in (${sql.join(values)}) or ${ref} is null)`;
  }
  if (Array.isArray(raw)) throw invalidQuery('filterValue', `One value expected for ${operator}`);
  if (operator === 'contains' || operator === 'starts_with' || operator === 'ends_with') {
    if (type !== 'string') throw invalidQuery('filterOperator', `${operator} applies to text fields only`);
    return likeCondition(column, String(raw), operator);
  }
  const value = coerce(type, raw);
  // NULL <> x is not true in SQL; "not equal" must still list the rows with no value (teamId).
  if (operator === 'ne') return sql<SqlBool>`(${ref} <> ${value} or ${ref} is null)`;
  return sql<SqlBool>`${ref} ${sql.raw(COMPARISONS[operator])} ${value}`;
}

function conditions(query: MemberPageQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (query.filterValue !== undefined || query.filterField !== undefined) {
    if (query.filterField === undefined) throw invalidQuery('filterField', 'Required with filterValue');
    if (query.filterValue === undefined) throw invalidQuery('filterValue', 'Required with filterField');
    where.push(filterCondition(query.filterField, query.filterOperator ?? 'eq', query.filterValue));
  }
  if (query.searchValue) {
    const name = likeCondition('user.name', query.searchValue, 'contains');
    const email = likeCondition('user.email', query.searchValue, 'contains');
    where.push(sql<SqlBool>`(${name} or ${email})`);
  }
  return where;
}

export interface MemberPage {
  members: MemberWithUser[];
  total: number;
}

/** One page and the number of members the filter and search leave (better-auth's `total`). */
export async function queryMemberPage(
  auth: PluginHost,
  organizationId: string,
  query: MemberPageQuery,
  page: { limit: number; offset: number },
): Promise<MemberPage> {
  const sortBy = columnOf(query.sortBy ?? 'createdAt', 'sortBy').column;
  const direction = query.sortDirection ?? 'asc';
  const where = conditions(query);
  const members = where.reduce(
    (qb, condition) => qb.where(condition),
    memberWithUserQuery(auth).where('member.organizationId', '=', organizationId),
  );
  const counted = where.reduce(
    (qb, condition) => qb.where(condition),
    organizationDb(auth)
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .where('member.organizationId', '=', organizationId),
  );
  const [rows, count] = await Promise.all([
    members
      .orderBy(sql.ref(sortBy), direction)
      // The id breaks ties, so pages neither repeat nor skip members with equal sort values.
      .orderBy('member.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    counted.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map(toMemberWithUser), total: Number(count.count) };
}
