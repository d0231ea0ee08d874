/**
 * @module `npm run bench:data`: what the size of the data costs (issue #16, "Cost as data grows").
 * On the standalone stack (apps/server/src/main.ts in its own process, NODE_ENV=production,
 * RATE_LIMIT=off), per dialect: get-session's database path with a small and a large table, admin
 * list-users with a `contains` e-mail search (sorted, paged) at the large size, and
 * get-full-organization of a 10,000-member organization. Rows are seeded in bulk with SQL
 * (bench/support/bulk-seed.ts, bench/support/mysql-seed.ts) once the server has migrated; the
 * admin comes from the `latchkey create-admin` command, their session and the organization
 * through HTTP. Prints a Markdown table; exits 1 if a request failed.
 *
 * Sizes: small 1,000 users / 10,000 sessions; large 1,000,000 / 10,000,000 (BENCH_USERS_LARGE,
 * BENCH_SESSIONS_LARGE for a quicker look); BENCH_DIALECTS (default sqlite,postgres,mysql),
 * BENCH_DURATION seconds per case (default 10) after a 2 s warm-up, BENCH_POSTGRES_URL and
 * BENCH_MYSQL_URL the servers on which the databases `latchkey_bench_small` and `_large` are made
 * anew and dropped after (default the test servers').
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { cookieFetch } from '../test/cookie-fetch';
import { createAdmin } from './support/create-admin';
import { postgresSeeder, sqliteSeeder, type BulkSeeder } from './support/bulk-seed';
import { mysqlSeeder } from './support/mysql-seed';
import { runLoad, type LoadOptions, type LoadResult } from './support/load';
import { failOnUntrustedRows, type BenchRow } from './support/rows';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';

export interface DataGrowthOptions {
  dialect: Dialect;
  /** Seconds per case, after a 2 s warm-up. */
  duration?: number;
  users?: { small: number; large: number };
  sessions?: { small: number; large: number };
  organization?: { members: number; teams: number };
  /** A PostgreSQL server where the role may drop and create the database `latchkey_bench`. */
  postgresUrl?: string;
  /** A MySQL/MariaDB server where the user may drop and create the databases `latchkey_bench_*`. */
  mysqlUrl?: string;
  /** Progress lines (seeding takes minutes). */
  log?: (line: string) => void;
}

type Dialect = 'sqlite' | 'postgres' | 'mysql';
const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres', 'mysql'];
const isDialect = (name: string): name is Dialect => (DIALECTS as readonly string[]).includes(name);
/** The servers the tests use (docs/testing.md). */
const DEFAULT_SERVERS = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
};
type Servers = typeof DEFAULT_SERVERS;

const WARMUP = 2;
const ADMIN_EMAIL = 'bench-admin@bench.test';
const PASSWORD = 'bench password 1234';
const BENCH_DATABASE = 'latchkey_bench';
const ORGANIZATION_SLUG = 'bench-organization';
/** get-session runs at each size in turn, this many times each. */
const GET_SESSION_ROUNDS = 3;
/** Several requests at once queue behind one another: latency cases measure one at a time. */
const LATENCY_CONNECTIONS = 1;

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Runs each statement in turn on one connection to a database server, as its administrator. */
async function asAdmin(dialect: 'postgres' | 'mysql', serverUrl: string, statements: string[]): Promise<void> {
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const statement of statements) await admin.query(statement);
    } finally {
      await admin.end();
    }
    return;
  }
  const admin = await mysql.createConnection({ uri: serverUrl.replace(/^mariadb:/i, 'mysql:') });
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database named for its size; answers its URL and the seeder that writes into it. */
async function freshDatabase(
  dialect: Dialect,
  size: string,
  servers: Servers,
  dataDir: string,
): Promise<{ url: string; seeder: () => Promise<BulkSeeder>; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    // The file goes with dataDir.
    const file = join(dataDir, `${size}.db`);
    return { url: file, seeder: async () => sqliteSeeder(file), drop: async () => {} };
  }
  const name = `${BENCH_DATABASE}_${size}`;
  const serverUrl = servers[dialect];
  // PostgreSQL refuses to drop a database another session is connected to unless forced.
  const drop =
    dialect === 'postgres' ? `drop database if exists ${name} with (force)` : `drop database if exists ${name}`;
  // Dropped first too: a run that was killed leaves its gigabytes behind.
  await asAdmin(dialect, serverUrl, [drop, `create database ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    seeder: () => (dialect === 'postgres' ? postgresSeeder(url.href) : mysqlSeeder(url.href)),
    drop: () => asAdmin(dialect, serverUrl, [drop]),
  };
}

/** A server on its own database, its admin signed in (their cookie) and owning one organization. */
interface Stack {
  api: string;
  headers: Record<string, string>;
  organizationId: string;
  seeder: BulkSeeder;
  stop(): Promise<void>;
}

async function startStack(dialect: Dialect, size: string, servers: Servers, dataDir: string): Promise<Stack> {
  const database = await freshDatabase(dialect, size, servers, dataDir);
  const env = {
    NODE_ENV: 'production',
    LATCHKEY_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: database.url,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  };
  createAdmin(env, ADMIN_EMAIL, PASSWORD);
  const server = await startServerProcess(LATCHKEY_COMMAND, '/api/auth/ok', env, dataDir);
  try {
    const api = `${server.url}/api/auth`;
    // Node's fetch sends Sec-Fetch-Mode as a browser does, so the page's origin must be a trusted one.
    const browser = cookieFetch(server.url.replace('127.0.0.1', 'localhost'));
    const signIn = await browser.postJson(`${api}/sign-in/email`, { email: ADMIN_EMAIL, password: PASSWORD });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const created = await browser.postJson(`${api}/organization/create`, { name: 'Bench', slug: ORGANIZATION_SLUG });
    if (created.status !== 200) throw new Error(`organization/create answered ${created.status}`);
    const organizationId = ((await created.json()) as { id: string }).id;
    const seeder = await database.seeder();
    return {
      api,
      headers: { cookie: browser.cookies.header(`${api}/get-session`) },
      organizationId,
      seeder,
      async stop() {
        await seeder.close();
        await server.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await server.stop();
    await database.drop();
    throw error;
  }
}

async function measure(options: Omit<LoadOptions, 'duration'>, duration: number): Promise<LoadResult> {
  await runLoad({ ...options, duration: WARMUP });
  return runLoad({ ...options, duration });
}

/** A fast wrong answer is no result: the case's request must first answer what the seeded data implies. */
async function expectAnswer(url: string, headers: Record<string, string>, ok: (body: unknown) => boolean) {
  const response = await fetch(url, { headers });
  const body: unknown = await response.json();
  if (response.status !== 200 || !ok(body))
    throw new Error(`${url} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
}

function row(name: string, result: LoadResult, note?: string): BenchRow {
  // A case answering less than once a second rounds to 0 req/s, which reads as no answer at all
  // (failOnUntrustedRows): its latency, measured over the answers it did get, is its result.
  if (result.requestsPerSecond === 0 && result.latencyP50 > 0) {
    const { requestsPerSecond: _rounded, ...latency } = result;
    return { name, ...latency, note: [note, 'under 1 answer per second'].filter(Boolean).join('; ') };
  }
  return { name, ...result, ...(note === undefined ? {} : { note }) };
}

/** The run of median throughput. */
function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchDataGrowth(options: DataGrowthOptions): Promise<BenchRow[]> {
  const { dialect, duration = 10, log = () => {} } = options;
  const users = options.users ?? { small: 1_000, large: sizeFromEnv('BENCH_USERS_LARGE', 1_000_000) };
  const sessions = options.sessions ?? { small: 10_000, large: sizeFromEnv('BENCH_SESSIONS_LARGE', 10_000_000) };
  const organization = options.organization ?? { members: 10_000, teams: 50 };
  const servers: Servers = {
    postgres: options.postgresUrl ?? DEFAULT_SERVERS.postgres,
    mysql: options.mysqlUrl ?? DEFAULT_SERVERS.mysql,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-data-'));
  const stacks: Stack[] = [];
  try {
    const small = await startStack(dialect, 'small', servers, dataDir);
    stacks.push(small);
    const large = await startStack(dialect, 'large', servers, dataDir);
    stacks.push(large);
    // Each admin is one user with one session: the seeded rows make up the rest.
    const seedSmall = await timed(async () => {
      await small.seeder.users(0, users.small - 1);
      await small.seeder.sessions(0, sessions.small - 1, users.small - 1);
      await small.seeder.settle();
    });
    const seedLarge = await timed(async () => {
      await large.seeder.users(0, users.large - 1);
      log(`${dialect}: ${count(users.large)} users seeded`);
      await large.seeder.sessions(0, sessions.large - 1, users.large - 1);
      log(`${dialect}: ${count(sessions.large)} sessions seeded`);
      await large.seeder.organization(large.organizationId, organization.members - 1, organization.teams - 1);
      await large.seeder.settle();
    });

    // Other work on a shared machine comes and goes: the sizes take turns, and each keeps its median.
    const getSession = (stack: Stack) => ({
      url: `${stack.api}/get-session?disableCookieCache=true`,
      headers: stack.headers,
    });
    const runs: Record<'small' | 'large', LoadResult[]> = { small: [], large: [] };
    for (let round = 0; round < GET_SESSION_ROUNDS; round++) {
      runs.small.push(await measure(getSession(small), duration));
      runs.large.push(await measure(getSession(large), duration));
    }
    const [smallRate, largeRate] = [median(runs.small), median(runs.large)];
    const rates = (results: LoadResult[]) => `runs: ${results.map((r) => r.requestsPerSecond).join(', ')} req/s`;
    const ratio = Math.round((largeRate.requestsPerSecond / smallRate.requestsPerSecond) * 100);
    const rows: BenchRow[] = [
      row(
        `get-session, database path, ${count(users.small)} users / ${count(sessions.small)} sessions`,
        smallRate,
        `median of ${GET_SESSION_ROUNDS} (${rates(runs.small)}); seeded in ${seconds(seedSmall)}`,
      ),
      row(
        `get-session, database path, ${count(users.large)} users / ${count(sessions.large)} sessions`,
        largeRate,
        `median of ${GET_SESSION_ROUNDS} (${rates(runs.large)}): ${ratio} % of the small size's rate (target ≥ 90 %); ` +
          `users, sessions and the organization seeded in ${seconds(seedLarge)}`,
      ),
    ];

    // A different number each request: `0012345` is in 11 addresses (…0012345, …00123450–9).
    const searchPath = () => {
      const value = String(Math.floor(Math.random() * (users.large / 10))).padStart(7, '0');
      return `/api/auth/admin/list-users?searchValue=${value}&searchField=email&searchOperator=contains&sortBy=createdAt&sortDirection=desc&limit=20&offset=0`;
    };
    const origin = new URL(large.api).origin;
    const { headers } = large;
    await expectAnswer(`${origin}${searchPath()}`, headers, (body) => (body as { total?: number }).total === 11);
    const search = await measure(
      { url: `${origin}${searchPath()}`, headers, connections: LATENCY_CONNECTIONS, nextPath: searchPath },
      duration,
    );
    rows.push(
      row(
        `list-users, contains e-mail search, sorted by createdAt, page of 20, ${count(users.large)} users`,
        search,
        `1 connection; target p50 ≤ 50 ms`,
      ),
    );
    const firstPage = await measure(
      {
        url: `${large.api}/admin/list-users?sortBy=createdAt&sortDirection=desc&limit=20&offset=0`,
        headers,
        connections: LATENCY_CONNECTIONS,
      },
      duration,
    );
    rows.push(
      row(`list-users, no search, newest 20 and the total, ${count(users.large)} users`, firstPage, '1 connection'),
    );

    const fullUrl = `${large.api}/organization/get-full-organization?organizationId=${large.organizationId}`;
    await expectAnswer(fullUrl, headers, (body) => {
      const { members, teams } = body as { members?: unknown[]; teams?: unknown[] };
      return members?.length === 100 && teams?.length === organization.teams;
    });
    const full = await measure({ url: fullUrl, headers, connections: LATENCY_CONNECTIONS }, duration);
    rows.push(
      row(
        `get-full-organization, ${count(organization.members)} members, ${organization.teams} teams`,
        full,
        '1 connection; default membersLimit (100); target p50 ≤ 50 ms',
      ),
    );
    return rows;
  } finally {
    for (const stack of stacks) await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function sizeFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const duration = sizeFromEnv('BENCH_DURATION', 10);
  const dialects = (process.env.BENCH_DIALECTS ?? DIALECTS.join(',')).split(',').map((d) => d.trim());
  const results: Array<{ dialect: string; rows: BenchRow[] }> = [];
  for (const dialect of dialects) {
    if (!isDialect(dialect)) throw new Error(`Unknown dialect ${dialect}`);
    const rows = await benchDataGrowth({
      dialect,
      duration,
      postgresUrl: process.env.BENCH_POSTGRES_URL,
      mysqlUrl: process.env.BENCH_MYSQL_URL,
      log: (line) => console.error(line),
    });
    results.push({ dialect, rows });
  }
  const cpu = cpus();
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
      `load average ${loadBefore.toFixed(1)} before the run · ${duration} s per case, 50 connections unless noted\n`,
  );
  console.log('| dialect | case | req/s | p50 ms | p99 ms | failures | note |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const { dialect, rows } of results) {
    for (const r of rows) {
      console.log(
        `| ${dialect} | ${r.name} | ${r.requestsPerSecond ?? ''} | ${r.latencyP50} | ${r.latencyP99} | ${r.failures} | ${r.note ?? ''} |`,
      );
    }
  }
  failOnUntrustedRows(results.flatMap(({ rows }) => rows));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
