/**
 * @module `npm run bench`: throughput of the hot path, GET /api/auth/get-session, on the standalone
 * stack (node:http via @hono/node-server, the engine, SQLite) beside a bare node:http server
 * answering constant JSON; then sign-in throughput, and get-session latency while sign-ins run.
 * Each case is bounded (BENCH_DURATION seconds, default 10, after a 2 s warm-up) and the servers run
 * in their own processes; prints a Markdown table for bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cookieFetch, type CookieFetch } from '../test/cookie-fetch';
import { runLoad, type LoadOptions, type LoadResult } from './support/load';
import { startServerProcess, type ServerProcess } from './support/server-process';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const STANDALONE = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password 1234';

interface Row {
  name: string;
  result: LoadResult;
  note?: string;
}

async function measure(options: Omit<LoadOptions, 'duration'>): Promise<LoadResult> {
  await runLoad({ ...options, duration: WARMUP });
  return runLoad({ ...options, duration: DURATION });
}

/** Signs up once and signs in, as a browser that keeps its cookies (test/cookie-fetch). */
async function signedInBrowser(base: string): Promise<CookieFetch> {
  // Node's fetch sends Sec-Fetch-Mode as a browser does, so sign-in and sign-up must name the origin.
  const browser = cookieFetch(base.replace('127.0.0.1', 'localhost'));
  const credentials = { email: EMAIL, password: PASSWORD };
  const signUp = await browser.postJson(`${base}/api/auth/sign-up/email`, { name: 'Bench User', ...credentials });
  if (signUp.status !== 200 && signUp.status !== 422) throw new Error(`sign-up answered ${signUp.status}`);
  const signIn = await browser.postJson(`${base}/api/auth/sign-in/email`, credentials);
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  return browser;
}

/**
 * The Cookie header of the signed-in browser with a fresh cookie cache: the cache cookie lives 60 s,
 * and a run that outlasts it would measure the database path instead.
 */
async function freshCookieCache(base: string, browser: CookieFetch): Promise<string> {
  const url = `${base}/api/auth/get-session`;
  const response = await browser.fetch(`${url}?disableCookieCache=true`);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== EMAIL) throw new Error('get-session did not return the signed-in user');
  return browser.cookies.header(url);
}

async function benchStandalone(rows: Row[], bareRps: number, dataDir: string): Promise<void> {
  const server = await startServerProcess(
    STANDALONE,
    '/api/auth/ok',
    {
      NODE_ENV: 'production',
      LATCHKEY_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATABASE_URL: join(dataDir, 'bench.db'),
      // One client address would hit the limit at once; the limiter is measured elsewhere.
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    dataDir,
  );
  try {
    const base = server.url;
    const percentOfBare = (r: LoadResult) => `${Math.round((r.requestsPerSecond / bareRps) * 100)} % of bare`;
    const ok = await measure({ url: `${base}/api/auth/ok` });
    rows.push({ name: 'Latchkey GET /ok (routing only)', result: ok, note: percentOfBare(ok) });

    const cookie = await freshCookieCache(base, await signedInBrowser(base));
    const cached = await measure({ url: `${base}/api/auth/get-session`, headers: { cookie } });
    rows.push({ name: 'Latchkey get-session, cookie cache', result: cached, note: percentOfBare(cached) });

    const getSessionDb = { url: `${base}/api/auth/get-session?disableCookieCache=true`, headers: { cookie } };
    const uncached = await measure(getSessionDb);
    rows.push({
      name: 'Latchkey get-session, disableCookieCache=true',
      result: uncached,
      note: percentOfBare(uncached),
    });

    await benchSignIn(rows, base, getSessionDb, uncached);
  } finally {
    await server.stop();
  }
}

/** Argon2id runs on libuv's pool: sign-ins should cost throughput, not get-session's latency. */
async function benchSignIn(
  rows: Row[],
  base: string,
  getSessionDb: Omit<LoadOptions, 'duration'>,
  alone: LoadResult,
): Promise<void> {
  const signIn = {
    url: `${base}/api/auth/sign-in/email`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    connections: 4,
  };
  rows.push({ name: 'Latchkey sign-in (4 connections)', result: await measure(signIn) });
  const [during, signIns] = await Promise.all([
    runLoad({ ...getSessionDb, duration: DURATION }),
    runLoad({ ...signIn, duration: DURATION }),
  ]);
  rows.push({
    name: 'get-session (no cache) while sign-ins run',
    result: during,
    note: `p99 ${during.latencyP99} ms vs ${alone.latencyP99} ms alone; ${signIns.requestsPerSecond} sign-ins/s meanwhile`,
  });
}

/** `loadBefore`: other work on the machine skews everything; the load average says how quiet it was. */
function printTable(rows: readonly Row[], loadBefore: number): void {
  const cpu = cpus();
  const load = loadBefore.toFixed(1);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
      `load average ${load} before the run · ${DURATION} s per case, 50 connections unless noted\n`,
  );
  console.log('| case | req/s | p50 ms | p99 ms | failures | note |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const { name, result, note } of rows) {
    console.log(
      `| ${name} | ${result.requestsPerSecond} | ${result.latencyP50} | ${result.latencyP99} | ${result.failures} | ${note ?? ''} |`,
    );
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  const rows: Row[] = [];
  let bare: ServerProcess | undefined;
  try {
    bare = await startServerProcess(BARE_SERVER, '/', {}, dataDir);
    const bareResult = await measure({ url: `${bare.url}/` });
    await bare.stop();
    bare = undefined;
    rows.push({ name: 'bare node:http, constant JSON', result: bareResult, note: 'the yardstick' });
    await benchStandalone(rows, bareResult.requestsPerSecond, dataDir);
  } finally {
    await bare?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(rows, loadBefore);
  if (rows.some((row) => row.result.failures > 0)) {
    console.error('\nSome requests failed: the numbers above are not trustworthy.');
    process.exitCode = 1;
  }
}

await main();
