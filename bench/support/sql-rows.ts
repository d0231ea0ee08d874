/**
 * @module Rows in bulk for the new endpoints' cases, straight into a database the server has
 * migrated, as bulk-seed.ts writes users and sessions: copies of a row made through HTTP (a user
 * with two-factor on, their credential account and secret), and audit events over a generated
 * series. Columns are read from the table, so a column a plugin adds is copied as it is.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';

export interface SqlRows {
  dialect: 'sqlite' | 'postgres';
  columns(table: string): Promise<string[]>;
  run(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openSqlRows(dialect: 'sqlite' | 'postgres', url: string): Promise<SqlRows> {
  if (dialect === 'sqlite') {
    const db = new SQLite(url);
    db.pragma('busy_timeout = 5000');
    return {
      dialect,
      columns: async (table) => (db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map((c) => c.name),
      run: async (sql) => void db.exec(sql),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  return {
    dialect,
    columns: async (table) =>
      (
        await client.query<{ column_name: string }>(
          'select column_name from information_schema.columns where table_name = $1 and table_schema = current_schema() order by ordinal_position',
          [table],
        )
      ).rows.map((row) => row.column_name),
    run: async (sql) => void (await client.query(sql)),
    close: () => client.end(),
  };
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `i` from `from` to `to - 1`, as a row source named n with column i. */
function series(dialect: SqlRows['dialect'], from: number, to: number): { with: string; from: string } {
  return dialect === 'sqlite'
    ? { with: `with recursive n(i) as (select ${from} union all select i + 1 from n where i + 1 < ${to}) `, from: 'n' }
    : { with: '', from: `generate_series(${from}, ${to - 1}) as n(i)` };
}

/** `i` zero-padded to `width` digits, as text. */
export function padded(dialect: SqlRows['dialect'], width: number, expr = 'i'): string {
  return dialect === 'sqlite' ? `printf('%0${width}d', ${expr})` : `lpad((${expr})::text, ${width}, '0')`;
}

/**
 * `count` copies of the one row of `table` whose `column` is `value`, each with the columns of
 * `overrides` set to their SQL expressions (of `i`, the copy's number).
 */
export async function copyRow(
  db: SqlRows,
  table: string,
  [column, value]: [string, string],
  count: number,
  overrides: Record<string, string>,
): Promise<void> {
  const columns = await db.columns(table);
  for (const name of Object.keys(overrides)) {
    if (!columns.includes(name)) throw new Error(`${table} has no column ${name}`);
  }
  const names = columns.map((name) => `"${name}"`).join(', ');
  const values = columns.map((name) => overrides[name] ?? `s."${name}"`).join(', ');
  const n = series(db.dialect, 0, count);
  await db.run(
    `${n.with}insert into "${table}" (${names}) select ${values} from ${n.from}, "${table}" s where s."${column}" = ${literal(value)}`,
  );
}

/** Kinds of event the seeded log holds, in turn. */
export const SEEDED_EVENT_TYPES = [
  'sign-in',
  'sign-out',
  'sign-up',
  'session-revoked',
  'password-changed',
  'two-factor-enabled',
  'passkey-added',
  'rate-limited',
] as const;
/** Seconds between two seeded events: 1,000,000 of them span 35 days, inside the 90-day retention. */
export const SEEDED_EVENT_SPACING = 3;
const CHUNK = 250_000;

/**
 * `count` audit events, the newest now and each `SEEDED_EVENT_SPACING` s before the next; one in
 * ten a failure; each naming one of `users` users (`userId(i)`'s SQL) as subject and actor.
 */
export async function seedAuditEvents(
  db: SqlRows,
  count: number,
  userIdExpr: (i: string) => string,
): Promise<{ oldest: Date }> {
  const newest = Math.floor(Date.now() / 1000);
  const oldest = newest - count * SEEDED_EVENT_SPACING;
  const sqlite = db.dialect === 'sqlite';
  const at = (expr: string) =>
    sqlite ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${oldest} + ${expr}, 'unixepoch')` : `to_timestamp(${oldest} + ${expr})`;
  const type = `case i % ${SEEDED_EVENT_TYPES.length} ${SEEDED_EVENT_TYPES.map((t, k) => `when ${k} then '${t}'`).join(' ')} end`;
  const ip = sqlite ? `'10.0.' || (i % 250) || '.1'` : `'10.0.' || (i % 250)::text || '.1'`;
  for (let from = 0; from < count; from += CHUNK) {
    const n = series(db.dialect, from, Math.min(count, from + CHUNK));
    await db.run(
      `${n.with}insert into "auditEvent" (id, type, outcome, method, "actorUserId", "userId", "organizationId", "ipAddress", "userAgent", detail, "createdAt")
       select 'bench-ae' || ${padded(db.dialect, 9)}, ${type}, case when i % 10 = 0 then 'failure' else 'success' end,
         'email', ${userIdExpr('i')}, ${userIdExpr('i')}, null, ${ip}, 'bench', null, ${at(`i * ${SEEDED_EVENT_SPACING}`)} from ${n.from}`,
    );
  }
  await db.run(sqlite ? 'pragma wal_checkpoint(TRUNCATE)' : 'vacuum analyze "auditEvent"');
  return { oldest: new Date(oldest * 1000) };
}
