/**
 * @module The prune case of issue #16: with 1,000,000 expired sessions in SQLite, the background
 * job clears them while get-session's database path (`disableCookieCache=true`) keeps its latency
 * (p99 no more than 50 ms above idle). One standalone server (the latchkey command, production,
 * rate limit off) is started with a prune interval whose first pass comes 8–12 s after start;
 * get-session runs in back-to-back windows of WINDOW seconds meanwhile, and each window is
 * counted as idle (before the first batch), during (while rows go) or after, by watching the
 * database from this process; a phase's percentiles are over all its answers. `tsx bench/prune.ts`
 * prints a Markdown table; BENCH_EXPIRED_SESSIONS makes a quicker run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { cookieFetch } from '../test/cookie-fetch';
import { runLoad, type LoadResult } from './support/load';
import { failOnUntrustedRows, printRows, type BenchRow } from './support/rows';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';

const EMAIL = 'prune-bench@example.com';
const PASSWORD = 'bench password 1234';
/** Seconds per load window: short enough that the idle stretch before the first pass holds several. */
const WINDOW = 1;
/** The first pass comes after min(10 s, interval) ± 20 % (DEFAULTS.pruneStartDelay): 8–12 s. */
const PRUNE_INTERVAL_SECONDS = '60';
const SEEDED_USERS = 1000;
const FIRST_EXPIRED_ID = 'bench-expired-1';

function serverEnv(dataDir: string, pruneInterval: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LATCHKEY_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: join(dataDir, 'prune.db'),
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    PRUNE_INTERVAL_SECONDS: pruneInterval,
  };
}

/** Creates the schema and one signed-in browser; answers its Cookie header for get-session. */
async function signedInCookie(dataDir: string): Promise<string> {
  const server = await startServerProcess(LATCHKEY_COMMAND, '/api/auth/ok', serverEnv(dataDir, '0'), dataDir);
  try {
    const browser = cookieFetch(server.url.replace('127.0.0.1', 'localhost'));
    const signUp = await browser.postJson(`${server.url}/api/auth/sign-up/email`, {
      name: 'Prune Bench',
      email: EMAIL,
      password: PASSWORD,
    });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    return browser.cookies.header(`${server.url}/api/auth/get-session`);
  } finally {
    await server.stop();
  }
}

/**
 * Users and their sessions expired over the last days, one statement each (a recursive CTE), in
 * the form the engine writes them: ISO text dates, digests as tokens.
 */
function seedExpiredSessions(file: string, count: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Numbers are bound as REAL unless BigInt: `'bench-user-' || 1.0` would name no user.
  const now = new Date().toISOString();
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
       SELECT 'bench-user-' || i, 'Seeded ' || i, 'seeded-' || i || '@example.com', 0, ?, ? FROM n`,
    ).run(BigInt(SEEDED_USERS), now, now);
    // Oldest first by id: bench-expired-1 is the first row the job deletes (it walks the expiry index).
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
       SELECT 'bench-expired-' || i, lower(hex(randomblob(32))), 'bench-user-' || (i % ? + 1),
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (? - i + 60) || ' seconds'),
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days')
       FROM n`,
    ).run(BigInt(count), BigInt(SEEDED_USERS), BigInt(count));
  })();
  db.close();
}

type Phase = 'idle' | 'during' | 'after';

interface Window {
  phase: Phase;
  result: LoadResult;
  /** Every answer's latency in ms. */
  latencies: number[];
}

/** Reads, from this process, whether the job has started (its first row gone) and finished (none expired). */
function watchDatabase(file: string) {
  const db = new Database(file, { readonly: true });
  const first = db.prepare('SELECT 1 FROM session WHERE id = ?');
  const anyExpired = db.prepare('SELECT 1 FROM session WHERE "expiresAt" < ? LIMIT 1');
  const countExpired = db.prepare('SELECT count(*) AS n FROM session WHERE "expiresAt" < ?');
  const isoNow = () => new Date().toISOString();
  return {
    phase(): Phase {
      if (first.get(FIRST_EXPIRED_ID)) return 'idle';
      return anyExpired.get(isoNow()) ? 'during' : 'after';
    },
    expiredLeft: () => (countExpired.get(isoNow()) as { n: number }).n,
    close: () => db.close(),
  };
}

/**
 * A phase's percentiles over all its answers, as one long run would give them; the worst window's
 * p99 beside them. (The worst of a few hundred one-second windows against the worst of a handful
 * would mostly measure how many windows each phase had.)
 */
function summarize(windows: readonly Window[], phase: Phase): (LoadResult & { worstWindowP99: number }) | null {
  const of = windows.filter((w) => w.phase === phase);
  if (of.length === 0) return null;
  const latencies = of.flatMap((w) => w.latencies).sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return {
    requestsPerSecond: Math.round(of.reduce((sum, w) => sum + w.result.requestsPerSecond, 0) / of.length),
    latencyP50: percentile(0.5),
    latencyP99: percentile(0.99),
    requests: of.reduce((sum, w) => sum + w.result.requests, 0),
    failures: of.reduce((sum, w) => sum + w.result.failures, 0),
    worstWindowP99: Math.max(...of.map((w) => w.result.latencyP99)),
  };
}

export async function benchPrune({
  dataDir,
  expiredSessions = Number(process.env.BENCH_EXPIRED_SESSIONS ?? 1_000_000),
  connections = 50,
}: {
  dataDir: string;
  expiredSessions?: number;
  connections?: number;
}): Promise<BenchRow[]> {
  const cookie = await signedInCookie(dataDir);
  const file = join(dataDir, 'prune.db');
  const seedStart = performance.now();
  seedExpiredSessions(file, expiredSessions);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const server = await startServerProcess(
    LATCHKEY_COMMAND,
    '/api/auth/ok',
    serverEnv(dataDir, PRUNE_INTERVAL_SECONDS),
    dataDir,
  );
  const watch = watchDatabase(file);
  const windows: Window[] = [];
  let started: number | undefined;
  let cleared: number | undefined;
  try {
    const getSession = { url: `${server.url}/api/auth/get-session?disableCookieCache=true`, headers: { cookie } };
    await runLoad({ ...getSession, connections, duration: 1 });
    // Until the backlog is gone, and one window after; a job that never starts or never ends is a failure.
    const deadline = performance.now() + 900_000;
    while (performance.now() < deadline) {
      const before = watch.phase();
      const latencies: number[] = [];
      const result = await runLoad({
        ...getSession,
        connections,
        duration: WINDOW,
        onLatency: (ms) => latencies.push(ms),
      });
      const after = watch.phase();
      const at = performance.now();
      if (before === 'idle' && after !== 'idle') started ??= at - (WINDOW * 1000) / 2;
      if (after === 'after') cleared ??= at - (WINDOW * 1000) / 2;
      windows.push({ phase: before === after ? before : 'during', result, latencies });
      if (before === 'after') break;
    }
    const signedIn = (await (await fetch(getSession.url, { headers: { cookie } })).json()) as {
      user?: { email?: string };
    } | null;
    if (signedIn?.user?.email !== EMAIL) throw new Error('the signed-in session did not survive the prune');
  } finally {
    await server.stop();
  }
  const left = watch.expiredLeft();
  watch.close();

  if (left !== 0) throw new Error(`${left} expired sessions were left after the job's pass`);
  const idle = summarize(windows, 'idle');
  const during = summarize(windows, 'during');
  if (!idle || !during || started === undefined || cleared === undefined)
    throw new Error(`the prune job did not run its course: ${windows.map((w) => w.phase).join(', ')}`);
  const size = expiredSessions.toLocaleString('en-US');
  const rise = during.latencyP99 - idle.latencyP99;
  const clearSeconds = ((cleared - started) / 1000).toFixed(1);
  const windowCount = (phase: Phase) => windows.filter((w) => w.phase === phase).length;
  const { worstWindowP99: idleWorst, ...idleRow } = idle;
  const { worstWindowP99: duringWorst, ...duringRow } = during;
  return [
    {
      name: `get-session (no cache), ${size} expired sessions, job idle`,
      ...idleRow,
      note: `${windowCount('idle')} × ${WINDOW} s; worst window's p99 ${idleWorst} ms; seeded in ${seedSeconds.toFixed(1)} s`,
    },
    {
      name: `get-session (no cache) while the job clears them`,
      ...duringRow,
      note:
        `p99 ${rise >= 0 ? '+' : ''}${rise} ms vs idle (target ≤ +50 ms); ${windowCount('during')} × ${WINDOW} s, ` +
        `worst window's p99 ${duringWorst} ms; cleared in ~${clearSeconds} s (±${WINDOW} s); 0 expired rows left`,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-prune-bench-'));
  try {
    const rows = await benchPrune({ dataDir });
    printRows(rows);
    failOnUntrustedRows(rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
