/**
 * @module Rows in bulk, straight into a database the server has migrated: users, sessions and one
 * organization with members and teams, each as one INSERT … SELECT over a generated series (a
 * recursive CTE on SQLite, generate_series on PostgreSQL, a numbers table cross-joined on
 * MySQL/MariaDB in mysql-seed.ts), so ten million rows take minutes, not the hours that sign-ups
 * over HTTP would. Row i of each kind has a fixed id, so a range can be added to what an earlier
 * call seeded. Keys grow with i: every index is appended to, as a live database's time-ordered ids
 * are, rather than rewritten at random.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Seeded users were created a second apart from this instant on. */
export const BASE_EPOCH_SECONDS = Date.UTC(2024, 0, 1) / 1000;
/** Rows per statement: each is its own transaction, so progress is kept and the WAL stays bounded. */
const CHUNK = 1_000_000;

export const seededUserId = (i: number) => `bench-u${String(i).padStart(8, '0')}`;
/** `user-00012345@bench.test`: a search for `0012345` finds the 11 users whose number contains it. */
export const seededEmail = (i: number) => `user-${String(i).padStart(8, '0')}@bench.test`;

export interface BulkSeeder {
  /** Users [from, to). */
  users(from: number, to: number): Promise<void>;
  /** Sessions [from, to), spread in order over users [0, users), far from expiring. */
  sessions(from: number, to: number, users: number): Promise<void>;
  /**
   * Users [0, members) join the organization a second apart, each seated in one of `teams` new
   * teams in turn.
   */
  organization(organizationId: string, members: number, teams: number): Promise<void>;
  /**
   * What a database that has had time after a bulk load looks like, so the load's after-effects
   * are not measured as the cost of its size: its WAL written back (a checkpoint), and on
   * PostgreSQL what autovacuum does (statistics, the GIN pending list).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** One statement's SQL text per kind, with `$from`/`$to` for the range and `$n` for the modulus. */
interface Statements {
  users: string;
  sessions: string;
  members: string;
  teams: string;
  teamMembers: string;
}

function sqliteStatements(): Statements {
  const series = `with recursive n(i) as (select :from union all select i + 1 from n where i + 1 < :to)`;
  const pad = (expr: string) => `printf('%08d', ${expr})`;
  const at = (expr: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${BASE_EPOCH_SECONDS} + ${expr}, 'unixepoch')`;
  const future = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days')`;
  return {
    users: `${series} insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select 'bench-u' || ${pad('i')}, 'User ' || ${pad('i')}, 'user-' || ${pad('i')} || '@bench.test', 0, ${at('i')}, ${at('i')} from n`,
    sessions: `${series} insert into session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
      select 'bench-s' || printf('%010d', i), 'bench-token-' || printf('%010d', i),
        'bench-u' || ${pad('i * :n / :total')}, ${future}, ${at('i / 10')}, ${at('i / 10')} from n`,
    members: `${series} insert into member (id, "organizationId", "userId", role, "createdAt")
      select 'bench-m' || ${pad('i')}, :org, 'bench-u' || ${pad('i')}, 'member', ${at('i')} from n`,
    teams: `${series} insert into team (id, name, "organizationId", "createdAt", "updatedAt")
      select :org || '-team-' || i, 'Team ' || i, :org, ${at('i')}, ${at('i')} from n`,
    teamMembers: `${series} insert into "teamMember" (id, "teamId", "userId", "createdAt")
      select 'bench-tm' || ${pad('i')}, :org || '-team-' || (i % :n), 'bench-u' || ${pad('i')}, ${at('i')} from n`,
  };
}

function postgresStatements(): Statements {
  const series = `from generate_series($1::bigint, $2::bigint - 1) as i`;
  const pad = (expr: string) => `lpad((${expr})::text, 8, '0')`;
  const at = (expr: string) => `to_timestamp(${BASE_EPOCH_SECONDS} + ${expr})`;
  return {
    users: `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select 'bench-u' || ${pad('i')}, 'User ' || ${pad('i')}, 'user-' || ${pad('i')} || '@bench.test', false, ${at('i')}, ${at('i')} ${series}`,
    sessions: `insert into session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
      select 'bench-s' || lpad(i::text, 10, '0'), 'bench-token-' || lpad(i::text, 10, '0'),
        'bench-u' || ${pad('i * $3 / $4')}, now() + interval '30 days', ${at('i / 10')}, ${at('i / 10')} ${series}`,
    members: `insert into member (id, "organizationId", "userId", role, "createdAt")
      select 'bench-m' || ${pad('i')}, $3, 'bench-u' || ${pad('i')}, 'member', ${at('i')} ${series}`,
    teams: `insert into team (id, name, "organizationId", "createdAt", "updatedAt")
      select $3 || '-team-' || i, 'Team ' || i, $3, ${at('i')}, ${at('i')} ${series}`,
    teamMembers: `insert into "teamMember" (id, "teamId", "userId", "createdAt")
      select 'bench-tm' || ${pad('i')}, $3 || '-team-' || (i % $4), 'bench-u' || ${pad('i')}, ${at('i')} ${series}`,
  };
}

export function chunks(from: number, to: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let start = from; start < to; start += CHUNK) ranges.push([start, Math.min(to, start + CHUNK)]);
  return ranges;
}

export function sqliteSeeder(file: string): BulkSeeder {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // A bulk load that a crash may lose: the bench starts again from an empty file anyway.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  const sql = sqliteStatements();
  const run = (text: string, from: number, to: number, params: Record<string, string | number> = {}) => {
    for (const [start, end] of chunks(from, to)) db.prepare(text).run({ from: start, to: end, ...params });
  };
  return {
    async users(from, to) {
      run(sql.users, from, to);
    },
    async sessions(from, to, users) {
      run(sql.sessions, from, to, { n: users, total: to });
    },
    async organization(org, members, teams) {
      run(sql.teams, 0, teams, { org });
      run(sql.members, 0, members, { org });
      run(sql.teamMembers, 0, members, { org, n: teams });
    },
    async settle() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}

export async function postgresSeeder(url: string): Promise<BulkSeeder> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  const sql = postgresStatements();
  const run = async (text: string, from: number, to: number, extra: Array<string | number> = []) => {
    for (const [start, end] of chunks(from, to)) await client.query(text, [start, end, ...extra]);
  };
  return {
    users: (from, to) => run(sql.users, from, to),
    sessions: (from, to, users) => run(sql.sessions, from, to, [users, to]),
    async organization(org, members, teams) {
      await run(sql.teams, 0, teams, [org]);
      await run(sql.members, 0, members, [org]);
      await run(sql.teamMembers, 0, members, [org, teams]);
    },
    async settle() {
      await client.query('vacuum analyze');
      await client.query('checkpoint');
    },
    close: () => client.end(),
  };
}
