/**
 * @module The OAuth provider's hot routes (issue #31) beside the bare node:http server, in rounds as
 * the main bench's hot path: POST /oauth2/token with grant_type=client_credentials (a confidential
 * client, client_secret_basic), POST /oauth2/introspect of an opaque access token, and GET
 * /oauth2/userinfo with a Bearer token. Each case also reports the server's CPU per request (user +
 * system µs over the measured run), which this shared machine's drift moves far less than req/s.
 * `tsx bench/oauth-provider-cases.ts` runs it alone and prints a Markdown table; `npm run bench`
 * includes `benchOAuthProvider`.
 *
 * Setup goes through the product's own doors: `latchkey create-admin`, the admin's sign-in, POST
 * /admin/oauth2/create-client (skip_consent, client_credentials_scopes), then an authorization
 * code flow for the user's token.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../apps/server/bin/server-build.js';
import type { CookieFetch } from '../test/cookie-fetch';
import { cpuRatio, measureCpu, type CpuLoadResult } from './support/cpu';
import type { LoadOptions } from './support/load';
import { createAdmin } from './support/create-admin';
import { setupBrowser } from './support/setup-browser';
import { failOnUntrustedRows, printRows, type BenchRow } from './support/rows';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench password 1234';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const REDIRECT_URI = 'https://rp.example.com/callback';
export const MACHINE_SCOPE = 'read:bench';
const VERIFIER = 'bench-verifier-'.repeat(4);
const ROUNDS = Number(process.env.BENCH_OAUTH_ROUNDS ?? 3);

export interface OAuthSetup {
  basic: string;
  /** The user's opaque access token (openid profile email), bound to the admin's session. */
  userToken: string;
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${what} answered ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A confidential client made by the admin, signed in on `browser`, and the admin's token from the
 * code flow.
 */
export async function setUpOAuth(base: string, browser: CookieFetch): Promise<OAuthSetup> {
  await json(
    await browser.postJson(`${base}/api/auth/sign-in/email`, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    'sign-in',
  );
  const client = await json(
    await browser.postJson(`${base}/api/auth/admin/oauth2/create-client`, {
      client_name: 'Bench',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      client_credentials_scopes: [MACHINE_SCOPE],
      skip_consent: true,
    }),
    'create-client',
  );
  const clientId = String(client.client_id);
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(String(client.client_secret))}`).toString('base64')}`;

  const authorize = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state: 'bench',
    code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
    code_challenge_method: 'S256',
  });
  // Node's fetch says Sec-Fetch-Mode: cors, so the answer is {redirect, url}, not a 302.
  const answer = await json(
    await browser.fetch(`${base}/api/auth/oauth2/authorize?${authorize}`, { redirect: 'manual' }),
    'authorize',
  );
  const code = new URL(String(answer.url)).searchParams.get('code');
  if (!code) throw new Error(`authorize sent no code: ${String(answer.url)}`);
  const tokens = await json(
    await fetch(`${base}/api/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: VERIFIER,
      }),
    }),
    'the code exchange',
  );
  return { basic, userToken: String(tokens.access_token) };
}

/** The three cases' requests, each checked once by hand: autocannon counts any 2xx as a success. */
export async function oauthRequests(base: string, { basic, userToken }: OAuthSetup) {
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
  const token: Omit<LoadOptions, 'duration'> = {
    url: `${base}/api/auth/oauth2/token`,
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  };
  const introspect: Omit<LoadOptions, 'duration'> = {
    url: `${base}/api/auth/oauth2/introspect`,
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ token: userToken, token_type_hint: 'access_token' }).toString(),
  };
  const userinfo: Omit<LoadOptions, 'duration'> = {
    url: `${base}/api/auth/oauth2/userinfo`,
    headers: { authorization: `Bearer ${userToken}` },
  };
  const issued = await json(await fetch(token.url, { method: 'POST', headers: form, body: token.body }), 'token');
  if (issued.scope !== MACHINE_SCOPE) throw new Error(`client_credentials answered ${JSON.stringify(issued)}`);
  const active = await json(
    await fetch(introspect.url, { method: 'POST', headers: form, body: introspect.body }),
    'introspect',
  );
  if (active.active !== true) throw new Error(`introspection answered ${JSON.stringify(active)}`);
  const claims = await json(await fetch(userinfo.url, { headers: userinfo.headers }), 'userinfo');
  if (claims.email !== ADMIN_EMAIL) throw new Error(`userinfo answered ${JSON.stringify(claims)}`);
  return { token, introspect, userinfo };
}

interface OAuthRound {
  bare: CpuLoadResult;
  token: CpuLoadResult;
  introspect: CpuLoadResult;
  userinfo: CpuLoadResult;
}

const CASES = [
  ['token', 'POST /oauth2/token, client_credentials (client_secret_basic)'],
  ['introspect', 'POST /oauth2/introspect, opaque access token'],
  ['userinfo', 'GET /oauth2/userinfo, Bearer opaque token'],
] as const;

function median<T>(values: readonly T[], by: (value: T) => number): T {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;

/** Rows for the README: bare, then each case at its median round by ratio to bare. */
function rowsOf(rounds: readonly OAuthRound[]): BenchRow[] {
  const bare = median(rounds, (round) => round.bare.requestsPerSecond).bare;
  const bareCpu = median(rounds, (round) => round.bare.cpuMicrosPerRequest).bare.cpuMicrosPerRequest;
  const rows: BenchRow[] = [
    {
      name: 'bare node:http, constant JSON',
      ...bare,
      cpuMicros: bareCpu,
      cpuRatio: '1.0×',
      note: `the yardstick; ${bareCpu} µs CPU/request (median of ${rounds.length} rounds)`,
    },
  ];
  for (const [key, name] of CASES) {
    const ratio = (round: OAuthRound) => round[key].requestsPerSecond / round.bare.requestsPerSecond;
    const at = median(rounds, ratio);
    const cpu = rounds.map((round) => round[key].cpuMicrosPerRequest);
    rows.push({
      name: `Latchkey ${name}`,
      ...at[key],
      cpuMicros: median(cpu, (v) => v),
      cpuRatio: cpuRatio(
        median(cpu, (v) => v),
        bareCpu,
      ),
      note:
        `${pct(at[key].requestsPerSecond, at.bare.requestsPerSecond)} of bare (median; rounds ` +
        `${rounds.map((round) => pct(round[key].requestsPerSecond, round.bare.requestsPerSecond)).join(', ')}); ` +
        `CPU ${median(cpu, (v) => v)} µs/request (rounds ${cpu.join(', ')}) vs bare ${bareCpu}`,
    });
  }
  return rows;
}

export interface OAuthBenchOptions {
  /** Where the SQLite file goes; the caller removes it. */
  dataDir: string;
  /** Seconds per case, after the warm-up. */
  duration: number;
}

export async function benchOAuthProvider({ dataDir, duration }: OAuthBenchOptions): Promise<BenchRow[]> {
  await (serverBuild as (name: string) => Promise<string>)('main');
  const env = {
    NODE_ENV: 'production',
    LATCHKEY_SECRET: SECRET,
    DATABASE_URL: join(dataDir, 'latchkey-oauth.db'),
    // One client address would hit the limit at once; the limiter is measured elsewhere.
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    OAUTH_SCOPES: MACHINE_SCOPE,
  };
  createAdmin(env, ADMIN_EMAIL, ADMIN_PASSWORD);
  const bareServer = await startServerProcess(BARE_SERVER, '/', {}, dataDir);
  const server = await startServerProcess(LATCHKEY_COMMAND, '/api/auth/ok', env, dataDir);
  try {
    const requests = await oauthRequests(server.url, await setUpOAuth(server.url, setupBrowser(server.url)));
    const rounds: OAuthRound[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push({
        bare: await measureCpu(bareServer, { url: `${bareServer.url}/` }, duration),
        token: await measureCpu(server, requests.token, duration),
        introspect: await measureCpu(server, requests.introspect, duration),
        userinfo: await measureCpu(server, requests.userinfo, duration),
      });
    }
    return rowsOf(rounds);
  } finally {
    await server.stop();
    await bareServer.stop();
  }
}

async function main(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-oauth-'));
  let rows: BenchRow[];
  try {
    rows = await benchOAuthProvider({ dataDir, duration });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nNode ${process.version} · ${duration} s per case, 50 connections, ${ROUNDS} rounds\n`);
  printRows(rows);
  failOnUntrustedRows(rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
