/**
 * @module Latchkey's cases, on the standalone stack exactly as `npm start` runs it (the `latchkey`
 * command: node:http, the engine, SQLite in WAL mode) in its own process: GET /ok, get-session from
 * the cookie cache and from the database, sign-in, get-session while sign-ins run flat out, and
 * the server's memory idle and after the cases.
 */
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../apps/server/bin/server-build.js';
import { DEFAULTS } from '../packages/server/src/auth/options';
import { cookieFetch, type CookieFetch } from '../test/cookie-fetch';
import { measure, runLoad, type LoadOptions, type LoadResult } from './support/load';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password 1234';
/** As the peer's sign-in case: enough to keep both cores hashing. */
export const SIGN_IN_CONNECTIONS = 10;

/** One round of the hot path and sign-in, each beside its yardstick measured just before it. */
export interface Round {
  bare: LoadResult;
  ok: LoadResult;
  cached: LoadResult;
  database: LoadResult;
  /** Argon2's own verifies per second. */
  argon2: number;
  signIn: LoadResult;
}

export interface Yardsticks {
  bare(): Promise<LoadResult>;
  argon2(): Promise<number>;
}

/**
 * Rounds, not one pass: this shared machine's speed drifts by tens of percent within minutes, so a
 * yardstick measured once, minutes away from a case, would say as much about the drift as about
 * Latchkey. Each round measures the yardsticks next to the cases; the README takes each ratio's median.
 */
export const ROUNDS = 3;

export interface LatchkeyResults {
  rounds: Round[];
  /** get-session's database path while sign-ins run flat out, and the sign-ins meanwhile. */
  mixed: LoadResult;
  mixedSignIn: LoadResult;
  idleRssMb: number;
  /** Right after the cases, and once the hashing threads have ended. */
  rssMb: number;
  settledRssMb: number;
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

export async function benchLatchkey(
  dataDir: string,
  duration: number,
  yardsticks: Yardsticks,
): Promise<LatchkeyResults> {
  // Built here if a source changed, not by the server as it starts: esbuild would stay in its idle RSS.
  await (serverBuild as (name: string) => Promise<string>)('main');
  const server = await startServerProcess(
    LATCHKEY_COMMAND,
    '/api/auth/ok',
    {
      NODE_ENV: 'production',
      LATCHKEY_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATABASE_URL: `${dataDir}/latchkey.db`,
      // One client address would hit the limit at once; the limiter is measured elsewhere.
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    dataDir,
  );
  try {
    const base = server.url;
    // Settled after start: what an operator sees before the first request.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = server.rssMb();
    const browser = await signedInBrowser(base);
    const signInLoad: Omit<LoadOptions, 'duration'> = {
      url: `${base}/api/auth/sign-in/email`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      connections: SIGN_IN_CONNECTIONS,
    };
    const databasePath = async () => ({
      url: `${base}/api/auth/get-session?disableCookieCache=true`,
      headers: { cookie: await freshCookieCache(base, browser) },
    });
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bare = await yardsticks.bare();
      const ok = await measure({ url: `${base}/api/auth/ok` }, duration);
      const cached = await measure(
        { url: `${base}/api/auth/get-session`, headers: { cookie: await freshCookieCache(base, browser) } },
        duration,
      );
      const database = await measure(await databasePath(), duration);
      const argon2 = await yardsticks.argon2();
      const signIn = await measure(signInLoad, duration);
      rounds.push({ bare, ok, cached, database, argon2, signIn });
    }
    const getSessionDb = await databasePath();
    const [mixed, mixedSignIn] = await Promise.all([
      runLoad({ ...getSessionDb, duration }),
      runLoad({ ...signInLoad, duration }),
    ]);
    const rssMb = server.rssMb();
    // The hashing threads end once idle for a while (crypto/argon2-threads.ts): what a server keeps between bursts.
    await new Promise((resolve) => setTimeout(resolve, (DEFAULTS.passwordHashThreadIdleSeconds + 2) * 1000));
    return { rounds, mixed, mixedSignIn, idleRssMb, rssMb, settledRssMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}
