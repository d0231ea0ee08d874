/**
 * @module get-session's database path (`?disableCookieCache=true`) on PostgreSQL, MySQL/MariaDB or
 * SQLite alone, with the server's CPU per request: the measure for a change to that path, A/B.
 * Each server in `BENCH_ENTRIES` (`label=path-of-an-entry,…`; default: the `latchkey` command, so
 * the current bundle) runs in its own process on one fresh database; the rounds alternate between
 * them, since this shared machine's speed drifts by tens of percent within minutes.
 *
 *   BENCH_DIALECT=postgres BENCH_DURATION=5 BENCH_ROUNDS=4 npx tsx bench/database-path.ts
 *   BENCH_ENTRIES=before=/tmp/before/main.mjs,after=apps/server/dist/main.mjs npx tsx bench/database-path.ts
 *
 * An entry other than the command must sit where it resolves the root's node_modules (a copy of
 * `apps/server/dist` beside it does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../apps/server/bin/server-build.js';
import { createTestDatabase } from '../packages/server/test/support/test-database';
import type { TestDialect } from '../test/services';
import { cookieFetch } from '../test/cookie-fetch';
import { runLoad } from './support/load';
import { LATCHKEY_COMMAND, startServerProcess, type ServerProcess } from './support/server-process';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password 1234';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** As support/load's `measure`: JIT, the pool's connections and its prepared statements settle. */
const WARMUP_SECONDS = 2;

interface Run {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

function entries(): Array<[string, string]> {
  const list = process.env.BENCH_ENTRIES;
  if (!list) return [['latchkey', LATCHKEY_COMMAND]];
  return list.split(',').map((item) => {
    const [label, path] = item.split('=');
    if (!label || !path) throw new Error(`BENCH_ENTRIES: "${item}" is not label=path`);
    return [label, resolve(path)];
  });
}

/** The session cookie of a user signed up through `base` (any of the servers: they share the database and secret). */
async function sessionCookie(base: string): Promise<string> {
  const browser = cookieFetch(base.replace('127.0.0.1', 'localhost'));
  const signUp = await browser.postJson(`${base}/api/auth/sign-up/email`, {
    name: 'Bench',
    email: EMAIL,
    password: PASSWORD,
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const url = `${base}/api/auth/get-session?disableCookieCache=true`;
  const body = (await (await browser.fetch(url)).json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== EMAIL) throw new Error('get-session did not return the signed-in user');
  // The token alone: with the cache cookie gone too, nothing but the database can answer.
  return browser.cookies
    .header(url)
    .split('; ')
    .filter((cookie) => cookie.startsWith('latchkey.session_token='))
    .join('; ');
}

async function run(server: ServerProcess, cookie: string, duration: number): Promise<Run> {
  const url = `${server.url}/api/auth/get-session?disableCookieCache=true`;
  const check = (await (await fetch(url, { headers: { cookie } })).json()) as { user?: { email?: string } } | null;
  if (check?.user?.email !== EMAIL) throw new Error(`${url} did not answer the session`);
  await runLoad({ url, headers: { cookie }, duration: WARMUP_SECONDS });
  const before = server.cpuMicros();
  const result = await runLoad({ url, headers: { cookie }, duration });
  if (result.failures > 0) throw new Error(`${result.failures} failed requests`);
  return {
    requestsPerSecond: result.requestsPerSecond,
    cpuMicrosPerRequest: Math.round((server.cpuMicros() - before) / Math.max(1, result.requests)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dialect = (process.env.BENCH_DIALECT ?? 'postgres') as TestDialect;
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  await (serverBuild as (name: string) => Promise<string>)('main');
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-db-'));
  const servers: Array<[string, ServerProcess]> = [];
  try {
    const env = {
      NODE_ENV: 'production',
      LATCHKEY_SECRET: SECRET,
      DATABASE_URL: database.url,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      PRUNE_INTERVAL_SECONDS: '0',
    };
    // One after the other: the first migrates the fresh database, the others find it done.
    for (const [label, entry] of entries())
      servers.push([label, await startServerProcess(entry, '/api/auth/ok', env, dataDir)]);
    const cookie = await sessionCookie(servers[0]![1].url);
    const runs = new Map<string, Run[]>(servers.map(([label]) => [label, []]));
    for (let round = 0; round < rounds; round += 1) {
      // Alternating who goes first, so neither always meets the machine in the same state.
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const [label, server] of order) {
        const result = await run(server, cookie, duration);
        runs.get(label)!.push(result);
        console.log(
          `round ${round + 1} ${label}: ${result.requestsPerSecond} req/s, ${result.cpuMicrosPerRequest} µs CPU/request`,
        );
      }
    }
    console.log(`\n${dialect}, ${duration} s per run, 50 connections, ${rounds} rounds (medians)\n`);
    console.log('| server | req/s | server CPU µs/request |\n|---|---|---|');
    for (const [label, results] of runs) {
      const rps = results.map((r) => r.requestsPerSecond);
      const cpu = results.map((r) => r.cpuMicrosPerRequest);
      console.log(`| ${label} | ${median(rps)} (${rps.join(', ')}) | ${median(cpu)} (${cpu.join(', ')}) |`);
    }
  } finally {
    for (const [, server] of servers) await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
