/**
 * @module The get-session read: session and user in one indexed query, built and compiled once.
 * Columns are listed by name, session's first, so a row can be read as an array by position. The
 * statement is prepared once and run on the driver (`prepareRead`, prepared-read.ts): on every
 * dialect one statement, one round trip, no connection mutex, no plugin pass, no row object. Only
 * while a transaction holds SQLite's one connection, or on a database handle without
 * `prepareRead`, does it run through Kysely like any query.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { FieldType } from '../plugin/declarations';
import type { ExtraFields } from './extra-fields';
import type { PrepareRead, ReadRow } from './prepared-read';
import type { Session, User } from './records';
import type { Database } from './schema';

const CORE_SESSION: ReadonlyArray<[string, FieldType]> = [
  ['id', 'string'],
  ['token', 'string'],
  ['userId', 'string'],
  ['expiresAt', 'date'],
  ['createdAt', 'date'],
  ['updatedAt', 'date'],
  ['ipAddress', 'string'],
  ['userAgent', 'string'],
];

const CORE_USER: ReadonlyArray<[string, FieldType]> = [
  ['id', 'string'],
  ['name', 'string'],
  ['email', 'string'],
  ['emailVerified', 'boolean'],
  ['image', 'string'],
  ['language', 'string'],
  ['createdAt', 'date'],
  ['updatedAt', 'date'],
];

/**
 * A date or boolean as the drivers give it, read as the column-values plugin reads it: SQLite's
 * ISO text (or better-auth's epoch ms) and 0/1, MySQL's 0/1; pg's are a Date and a boolean already.
 */
function fromDriver(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'date') return value instanceof Date ? value : new Date(value as string | number);
  if (type === 'boolean') return value === true || value === 1 || value === '1';
  return value;
}

export function createSessionWithUserReader(
  db: Kysely<Database>,
  extra: ExtraFields,
  prepareRead: PrepareRead | undefined,
): (digest: string) => Promise<{ session: Session; user: User } | null> {
  const sessionColumns = [...CORE_SESSION, ...extra.session];
  const userColumns = [...CORE_USER, ...extra.user];
  // Both tables have id, createdAt and updatedAt: each column goes by `table.column`, which the
  // database layer reads as the column it names (column-values-plugin.ts).
  const columns = [
    ...sessionColumns.map(([name]) => sql.ref(`session.${name}`).as(`session.${name}`)),
    ...userColumns.map(([name]) => sql.ref(`user.${name}`).as(`user.${name}`)),
  ];
  const { sql: text } = db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(columns)
    .where('session.token', '=', '')
    .compile();
  // Prepared at the first read: the tables may not exist before migrations run.
  let readRow: ReadRow | undefined;

  /** `value(i)`: column i's value, of its type. */
  const build = (value: (index: number) => unknown) => {
    const session: Record<string, unknown> = {};
    sessionColumns.forEach(([name], index) => (session[name] = value(index) ?? null));
    const user: Record<string, unknown> = {};
    const offset = sessionColumns.length;
    userColumns.forEach(([name], index) => (user[name] = value(offset + index) ?? null));
    return { session: session as unknown as Session, user: user as unknown as User };
  };
  const types = [...sessionColumns, ...userColumns].map(([, type]) => type);
  const keys = [...sessionColumns.map(([name]) => `session.${name}`), ...userColumns.map(([name]) => `user.${name}`)];

  return async (digest) => {
    readRow ??= prepareRead?.(text);
    let values = readRow?.([digest]);
    // SQLite's answer is at hand: awaited only when the driver's is not.
    if (values instanceof Promise) values = await values;
    if (values === undefined && readRow) return null;
    if (values) return build((index) => fromDriver(types[index]!, values[index]));
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [digest]));
    const row = result.rows[0];
    if (!row) return null;
    return build((index) => row[keys[index]!]);
  };
}
