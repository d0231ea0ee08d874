/**
 * @module The SQL behind GET /admin/list-users: search, filter, sort and page over the user table
 * with a count and a page query, never loading more rows than one page. Column names come only
 * from a whitelist (an unknown sort or filter field is a 400, never a SQL error or an injection);
 * values are bound parameters; the search and its index are user-search.ts's. Each user comes with
 * `lastSignInAt` (a Latchkey extension: the plugin's adminLastSignIn table, left-joined), which
 * sorts (never-signed-in users as the oldest) and filters like a date column, and whose filter
 * value `null` with `eq`/`ne` picks the users who never / ever signed in.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { AuthError, ERRORS, toUser, type PluginHost, type FieldType, type User } from '../../plugin';
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

/** The answer's name for adminLastSignIn.at (schema.ts), listed with the user's columns. */
export const LAST_SIGN_IN_AT = 'lastSignInAt';

const COMPARISONS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function listableColumns(auth: PluginHost): Map<string, FieldType> {
  const columns = new Map(CORE_COLUMNS);
  for (const name of PLUGIN_COLUMNS) {
    const type = auth.fields.user.get(name);
    if (type) columns.set(name, type);
  }
  columns.set(LAST_SIGN_IN_AT, 'date');
  return columns;
}

/** Qualified: the joined table has columns of its own. */
function columnRef(name: string): RawBuilder<unknown> {
  return sql.ref(name === LAST_SIGN_IN_AT ? 'adminLastSignIn.at' : `user.${name}`);
}

function invalidQuery(path: string, message: string): AuthError {
  return new AuthError(ERRORS.invalidQuery, { details: [{ path, message }] });
}

function columnOf(columns: Map<string, FieldType>, name: string, param: string): FieldType {
  const type = columns.get(name);
  if (!type) throw invalidQuery(param, `Unknown field; one of ${[...columns.keys()].join(', ')}`);
  return type;
}

/**
 * Query strings carry text: the filter value becomes the column's type, or the request is a 400.
 * A date column also takes `null` (no date: never signed in, a ban without end), which no date
 * can be mistaken for.
 */
function coerce(type: FieldType, raw: string | number | boolean): string | number | boolean | Date | null {
  if (type === 'date' && raw === 'null') return null;
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
    const column = columnRef(field);
    const operator = query.filterOperator ?? 'eq';
    if (value === null) {
      if (operator !== 'eq' && operator !== 'ne') throw invalidQuery('filterValue', 'null only with eq or ne');
      where.push(sql<SqlBool>`${column} ${sql.raw(operator === 'eq' ? 'is null' : 'is not null')}`);
      return where;
    }
    where.push(
      operator === 'ne'
        ? // NULL <> x is not true in SQL; "not equal" must still list the rows with no value.
          sql<SqlBool>`(${column} <> ${value} or ${column} is null)`
        : sql<SqlBool>`${column} ${sql.raw(COMPARISONS[operator])} ${value}`,
    );
  }
  return where;
}

export type ListedUser = User & { lastSignInAt: Date | null };

/** A row of the list as the answer's user. SQLite answers the joined date as its ISO text. */
export function listedUser(auth: PluginHost, row: Record<string, unknown>): ListedUser {
  const at = row[LAST_SIGN_IN_AT] as Date | string | null | undefined;
  return {
    ...toUser(row as Parameters<typeof toUser>[0], auth.fields.user),
    lastSignInAt: at === null || at === undefined ? null : new Date(at),
  };
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
  const users = adminSchema.db(auth).selectFrom('user');
  // One row or none per user (its primary key is the user's id): the join never repeats a user.
  const filtered = where.reduce(
    (qb, condition) => qb.where(condition),
    users.leftJoin('adminLastSignIn', 'adminLastSignIn.userId', 'user.id'),
  );
  // The count reads the joined table only when the filter does: otherwise it counts users alone,
  // without a lookup per user (a million on MySQL for an unfiltered list).
  const counted =
    query.filterValue !== undefined && query.filterField === LAST_SIGN_IN_AT
      ? filtered
      : where.reduce((qb, condition) => qb.where(condition), users);
  const selected = filtered
    .selectAll('user')
    .select(sql<Date | string | null>`${columnRef(LAST_SIGN_IN_AT)}`.as(LAST_SIGN_IN_AT));
  // Never signed in sorts as the oldest sign-in, on every dialect (their NULL orders differ).
  const withNulls =
    sortBy === LAST_SIGN_IN_AT
      ? selected.orderBy(sql`case when ${columnRef(sortBy)} is null then 0 else 1 end`, direction)
      : selected;
  const sorted = withNulls
    .orderBy(columnRef(sortBy), direction)
    // The id breaks ties, so pages neither repeat nor skip rows with equal sort values.
    .orderBy('user.id', direction);
  return { counted, sorted };
}

export async function queryUserPage(auth: PluginHost, query: ListUsersQuery): Promise<UserPage> {
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const offset = query.offset ?? 0;
  const { counted, sorted } = sortedUsers(auth, query);
  const [page, count] = await Promise.all([
    sorted.limit(limit).offset(offset).execute(),
    counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
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
