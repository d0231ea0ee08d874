/**
 * @module The SQL behind GET /admin/list-users: search, filter, sort and page over the user table
 * with a count and a page query, never loading more rows than one page. Column names come only
 * from a whitelist (an unknown sort or filter field is a 400, never a SQL error or an injection);
 * values are bound parameters; the search and its index are user-search.ts's.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { AuthError, ERRORS, type PluginHost, type FieldType } from '../../plugin';
import { searchCondition } from './user-search';
import { adminSchema } from './schema';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export const listUsersQuery = z.object({
  searchValue: z.string().max(255).optional(),
  searchField: z.enum(['email', 'name']).optional(),
  searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortBy: z.string().optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  filterField: z.string().optional(),
  filterValue: z.union([z.string().max(255), z.number(), z.boolean()]).optional(),
  filterOperator: z.enum(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']).optional(),
});

export type ListUsersQuery = z.output<typeof listUsersQuery>;

const CORE_COLUMNS: ReadonlyArray<[string, FieldType]> = [
  ['id', 'string'],
  ['name', 'string'],
  ['email', 'string'],
  ['emailVerified', 'boolean'],
  ['createdAt', 'date'],
  ['updatedAt', 'date'],
];
/**
 * Plugin columns listed when their plugin is enabled. banReason is free text: not a sort key.
 * twoFactorEnabled is the two-factor plugin's, read here only as a declared field of the user.
 */
const PLUGIN_COLUMNS = ['role', 'banned', 'banExpires', 'username', 'displayUsername', 'twoFactorEnabled'];

const COMPARISONS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function listableColumns(auth: PluginHost): Map<string, FieldType> {
  const columns = new Map(CORE_COLUMNS);
  for (const name of PLUGIN_COLUMNS) {
    const type = auth.fields.user.get(name);
    if (type) columns.set(name, type);
  }
  return columns;
}

function invalidQuery(path: string, message: string): AuthError {
  return new AuthError(ERRORS.invalidQuery, { details: [{ path, message }] });
}

function columnOf(columns: Map<string, FieldType>, name: string, param: string): FieldType {
  const type = columns.get(name);
  if (!type) throw invalidQuery(param, `Unknown field; one of ${[...columns.keys()].join(', ')}`);
  return type;
}

/** Query strings carry text: the filter value becomes the column's type, or the request is a 400. */
function coerce(type: FieldType, raw: string | number | boolean): string | number | boolean | Date {
  if (type === 'boolean') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
  } else if (type === 'date') {
    const date = new Date(typeof raw === 'boolean' ? Number.NaN : raw);
    if (!Number.isNaN(date.getTime())) return date;
  } else if (type === 'number') {
    const number = typeof raw === 'boolean' || raw === '' ? Number.NaN : Number(raw);
    if (Number.isFinite(number)) return number;
  } else {
    return String(raw);
  }
  throw invalidQuery('filterValue', `Expected a ${type}`);
}

function conditions(
  dialect: PluginHost['dialect'],
  columns: Map<string, FieldType>,
  query: ListUsersQuery,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (query.searchValue) {
    where.push(
      searchCondition(dialect, query.searchField ?? 'email', query.searchValue, query.searchOperator ?? 'contains'),
    );
  }
  if (query.filterValue !== undefined) {
    // better-auth's defaults: the e-mail, compared for equality.
    const field = query.filterField ?? 'email';
    const value = coerce(columnOf(columns, field, 'filterField'), query.filterValue);
    const column = sql.ref(field);
    const operator = query.filterOperator ?? 'eq';
    where.push(
      operator === 'ne'
        ? // NULL <> x is not true in SQL; "not equal" must still list the rows with no value.
          sql<SqlBool>`(${column} <> ${value} or ${column} is null)`
        : sql<SqlBool>`${column} ${sql.raw(COMPARISONS[operator])} ${value}`,
    );
  }
  return where;
}

export interface UserPage {
  rows: Record<string, unknown>[];
  total: number;
  limit: number;
  offset: number;
}

/** The filtered, sorted user rows, before paging; the sort field checked against the whitelist. */
function sortedUsers(auth: PluginHost, query: ListUsersQuery) {
  const columns = listableColumns(auth);
  const sortBy = query.sortBy ?? 'createdAt';
  columnOf(columns, sortBy, 'sortBy');
  const direction = query.sortDirection ?? 'asc';
  const where = conditions(auth.dialect, columns, query);
  const filtered = where.reduce((qb, condition) => qb.where(condition), adminSchema.db(auth).selectFrom('user'));
  const sorted = filtered
    .selectAll()
    .orderBy(sql.ref(sortBy), direction)
    // The id breaks ties, so pages neither repeat nor skip rows with equal sort values.
    .orderBy('id', direction);
  return { filtered, sorted };
}

export async function queryUserPage(auth: PluginHost, query: ListUsersQuery): Promise<UserPage> {
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const offset = query.offset ?? 0;
  const { filtered, sorted } = sortedUsers(auth, query);
  const [page, count] = await Promise.all([
    sorted.limit(limit).offset(offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page as Record<string, unknown>[], total: count.n, limit, offset };
}

/**
 * Every user the query matches, one batch per call (an empty one at the end), for a streamed
 * export. Validates the query at once, so a bad field is a 400 before any byte is sent.
 */
export function userBatches(
  auth: PluginHost,
  query: ListUsersQuery,
  batchSize: number,
): () => Promise<Record<string, unknown>[]> {
  const { sorted } = sortedUsers(auth, query);
  let offset = 0;
  return async () => {
    const rows = await sorted.limit(batchSize).offset(offset).execute();
    offset += rows.length;
    return rows as Record<string, unknown>[];
  };
}
