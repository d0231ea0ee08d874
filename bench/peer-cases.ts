/**
 * @module better-auth 1.7 under the cases of the main bench, without and with its cookie cache, so
 * that Latchkey is published beside the library whose HTTP API it speaks. `tsx bench/peer-cases.ts`
 * runs it alone and prints a Markdown table; `npm run bench` includes `benchBetterAuth`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cookieFetch } from '../test/cookie-fetch';
import { startBetterAuth } from './support/better-auth-peer';
import { measure, type LoadResult } from './support/load';
import { failOnUntrustedRows, printRows } from './support/rows';

export interface PeerRow extends LoadResult {
  name: string;
  /** The server's resident memory (MB) after its last case: set on that case's row, and in its note. */
  rssMb?: number;
  note?: string;
}

export interface PeerOptions {
  /** Where the SQLite files go; the caller removes it. */
  dataDir: string;
  /** Seconds per case, after the warm-up. */
  duration: number;
}

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password 1234';

/** Signs up and in as a browser would, and returns the Cookie header get-session is measured with. */
async function signedInCookie(base: string, cookieCache: boolean): Promise<string> {
  // better-auth checks the Origin of cookie-carrying POSTs against its trusted origins.
  const browser = cookieFetch(base.replace('127.0.0.1', 'localhost'));
  const credentials = { email: EMAIL, password: PASSWORD };
  const signUp = await browser.postJson(`${base}/api/auth/sign-up/email`, { name: 'Bench User', ...credentials });
  if (signUp.status !== 200) throw new Error(`better-auth sign-up answered ${signUp.status}`);
  const signIn = await browser.postJson(`${base}/api/auth/sign-in/email`, credentials);
  if (signIn.status !== 200) throw new Error(`better-auth sign-in answered ${signIn.status}`);
  const url = `${base}/api/auth/get-session`;
  // A database read sets a new cache cookie: the cookie lives 60 s, and a stale one would measure
  // the database path instead (as the main bench's freshCookieCache does for Latchkey).
  await browser.fetch(`${url}?disableCookieCache=true`);
  const cookie = browser.cookies.header(url);
  if (cookie.includes('better-auth.session_data=') !== cookieCache) {
    throw new Error(`better-auth's cache cookie is ${cookieCache ? 'missing' : 'set with the cache off'}`);
  }
  // No session is a 200 with `null`: autocannon would count it as a success.
  const body = (await (await fetch(url, { headers: { cookie } })).json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== EMAIL) throw new Error('better-auth get-session did not return the signed-in user');
  return cookie;
}

async function benchOne(cookieCache: boolean, { dataDir, duration }: PeerOptions): Promise<PeerRow[]> {
  const label = cookieCache ? 'better-auth + cookie cache' : 'better-auth';
  const server = await startBetterAuth({ cookieCache, dataDir });
  try {
    const base = server.url;
    const ok = await measure({ url: `${base}/api/auth/ok` }, duration);
    const cookie = await signedInCookie(base, cookieCache);
    const getSession = await measure({ url: `${base}/api/auth/get-session`, headers: { cookie } }, duration);
    const signIn = await measure(
      {
        url: `${base}/api/auth/sign-in/email`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
        connections: 10,
      },
      duration,
    );
    const rssMb = server.rssMb();
    return [
      { name: `${label} GET /ok`, ...ok },
      { name: `${label} get-session`, ...getSession },
      { name: `${label} sign-in (10 connections)`, ...signIn, rssMb, note: `RSS ${rssMb} MB after the cases` },
    ];
  } finally {
    await server.stop();
  }
}

/** better-auth 1.7 without, then with its cookie cache, each in a process of its own. */
export async function benchBetterAuth(options: PeerOptions): Promise<PeerRow[]> {
  return [...(await benchOne(false, options)), ...(await benchOne(true, options))];
}

async function main(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-peer-'));
  let rows: PeerRow[];
  try {
    rows = await benchBetterAuth({ dataDir, duration });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nNode ${process.version} · ${duration} s per case, 50 connections unless noted\n`);
  printRows(rows);
  failOnUntrustedRows(rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
