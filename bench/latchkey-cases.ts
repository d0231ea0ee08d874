/**
 * @module Latchkey's cases, on the standalone stack exactly as `npm start` runs it (the `latchkey`
 * command: node:http, the engine, the plugins) in its own process, in one configuration
 * (support/configurations.ts): GET /ok, get-session from the cookie cache and from the database,
 * the OAuth provider's token, introspection and userinfo, passkey sign-in, then sign-in by e-mail,
 * by username and with the two-factor step beside Argon2's own rate; get-session while sign-ins
 * run flat out; the audit log's list over a million events; the server's start, memory, and CPU
 * per request of every case.
 */
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../apps/server/bin/server-build.js';
import { DEFAULTS } from '../packages/server/src/auth/options';
import type { CookieFetch } from '../test/cookie-fetch';
import { benchAuditEvents, type AuditCase } from './audit-events-cases';
import { ADMIN_EMAIL, ADMIN_PASSWORD, MACHINE_SCOPE, oauthRequests, setUpOAuth } from './oauth-provider-cases';
import { checkPasskeySignIn, passkeyLoad, registerPasskey } from './passkey-case';
import type { Configuration, ConfigurationName } from './support/configurations';
import { createAdmin } from './support/create-admin';
import { measureCpu, type CpuLoadResult } from './support/cpu';
import { runLoad, type LoadOptions, type LoadResult } from './support/load';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';
import { expectJson, setupBrowser } from './support/setup-browser';
import { openSqlRows } from './support/sql-rows';
import { seedTwoFactorUsers, twoFactorLoad } from './two-factor-case';

const EMAIL = 'bench@example.com';
const USERNAME = 'bench_user';
const PASSWORD = 'bench password 1234';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** As the peer's sign-in case: enough to keep both cores hashing. */
export const SIGN_IN_CONNECTIONS = 10;

/**
 * Rounds, not one pass: this shared machine's speed drifts by tens of percent within minutes, so a
 * yardstick measured once, minutes away from a case, would say as much about the drift as about
 * Latchkey. Each round measures the yardsticks next to the cases; the README takes each ratio's median.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The cases beside bare node:http, in the order a round runs them. */
export const LOAD_CASES = [
  ['ok', 'GET /ok (routing only)'],
  ['cached', 'get-session, cookie cache'],
  ['database', 'get-session, disableCookieCache=true'],
  ['token', 'POST /oauth2/token, client_credentials (client_secret_basic)'],
  ['introspect', 'POST /oauth2/introspect, opaque access token'],
  ['userinfo', 'GET /oauth2/userinfo, Bearer opaque token'],
  ['passkey', 'passkey sign-in: generate-authenticate-options + verify-authentication (pairs/s)'],
] as const;
/** The cases whose cost is a password hash, beside Argon2's own verify rate, after the others. */
export const HASH_CASES = [
  ['signIn', `POST sign-in/email (${SIGN_IN_CONNECTIONS} connections)`],
  ['signInUsername', `POST sign-in/username (${SIGN_IN_CONNECTIONS} connections)`],
  ['twoFactor', `sign-in/email + two-factor/verify-totp (pairs/s, ${SIGN_IN_CONNECTIONS} connections)`],
] as const;
export type CaseKey = (typeof LOAD_CASES)[number][0] | (typeof HASH_CASES)[number][0];

/** One round: the yardsticks, each measured just before its cases, and the cases. */
export interface Round {
  bare: CpuLoadResult;
  /** Argon2's own verifies per second. */
  argon2: number;
  cases: Record<CaseKey, CpuLoadResult>;
}

export interface Yardsticks {
  bare(): Promise<CpuLoadResult>;
  argon2(): Promise<number>;
}

export interface LatchkeyResults {
  configuration: ConfigurationName;
  rounds: Round[];
  /** get-session's database path while sign-ins run flat out, and the sign-ins meanwhile. */
  mixed: LoadResult;
  mixedSignIn: LoadResult;
  audit: { seedSeconds: number; cases: AuditCase[] };
  /** From spawn to the first 200 on /ok, the database migrated already (by create-admin). */
  startMs: number;
  idleRssMb: number;
  /** Right after the cases, after the audit log's (its million rows read), and once the hashing threads have ended. */
  rssMb: number;
  auditRssMb: number;
  settledRssMb: number;
}

/** Signs up once (with a username) and signs in, as a browser that keeps its cookies. */
export async function signedInBrowser(base: string, forwardedFor?: () => string): Promise<CookieFetch> {
  const browser = setupBrowser(base, forwardedFor);
  const credentials = { email: EMAIL, password: PASSWORD };
  const signUp = await browser.postJson(`${base}/api/auth/sign-up/email`, {
    name: 'Bench User',
    username: USERNAME,
    ...credentials,
  });
  if (signUp.status !== 200 && signUp.status !== 422) throw new Error(`sign-up answered ${signUp.status}`);
  await expectJson(await browser.postJson(`${base}/api/auth/sign-in/email`, credentials), 'sign-in');
  return browser;
}

/**
 * The Cookie header of the signed-in browser with a fresh cookie cache: the cache cookie lives 60 s,
 * and a run that outlasts it would measure the database path instead.
 */
export async function freshCookieCache(base: string, browser: CookieFetch): Promise<string> {
  const url = `${base}/api/auth/get-session`;
  const body = (await expectJson(await browser.fetch(`${url}?disableCookieCache=true`), 'get-session')) as {
    user?: { email?: string };
  } | null;
  if (body?.user?.email !== EMAIL) throw new Error('get-session did not return the signed-in user');
  return browser.cookies.header(url);
}

const json = { 'content-type': 'application/json' };

export async function benchLatchkey(
  configuration: Configuration,
  dataDir: string,
  duration: number,
  yardsticks: Yardsticks,
): Promise<LatchkeyResults> {
  // Built here if a source changed, not by the server as it starts: esbuild would stay in its idle RSS.
  await (serverBuild as (name: string) => Promise<string>)('main');
  const env = { ...configuration.env, LATCHKEY_SECRET: SECRET, OAUTH_SCOPES: MACHINE_SCOPE };
  createAdmin(env, ADMIN_EMAIL, ADMIN_PASSWORD);
  const server = await startServerProcess(LATCHKEY_COMMAND, '/api/auth/ok', env, dataDir);
  const db = await openSqlRows(configuration.dialect, configuration.databaseUrl);
  const { forwardedFor } = configuration;
  /** Every load request from a client address of its own, in production (support/client-addresses.ts). */
  const load = (options: Omit<LoadOptions, 'duration'>) => ({ ...options, forwardedFor });
  try {
    const base = server.url;
    // Settled after start: what an operator sees before the first request.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = server.rssMb();

    const browser = await signedInBrowser(base, forwardedFor);
    const passkey = await registerPasskey(base, browser);
    await checkPasskeySignIn(base, passkey);
    const admin = setupBrowser(base, forwardedFor);
    const oauth = await oauthRequests(base, await setUpOAuth(base, admin));
    const totpSecret = await seedTwoFactorUsers(base, db, forwardedFor);
    const signInLoad = (path: string, body: object) =>
      load({
        url: `${base}/api/auth/${path}`,
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
        connections: SIGN_IN_CONNECTIONS,
      });
    const signIn = signInLoad('sign-in/email', { email: EMAIL, password: PASSWORD });
    const signInUsername = signInLoad('sign-in/username', { username: USERNAME, password: PASSWORD });
    await expectJson(
      await browser.postJson(`${base}/api/auth/sign-in/username`, { username: USERNAME, password: PASSWORD }),
      'sign-in/username',
    );
    const databasePath = async () =>
      load({
        url: `${base}/api/auth/get-session?disableCookieCache=true`,
        headers: { cookie: await freshCookieCache(base, browser) },
      });

    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bare = await yardsticks.bare();
      const loads: Record<(typeof LOAD_CASES)[number][0], () => Promise<Omit<LoadOptions, 'duration'>>> = {
        ok: async () => load({ url: `${base}/api/auth/ok` }),
        cached: async () =>
          load({ url: `${base}/api/auth/get-session`, headers: { cookie: await freshCookieCache(base, browser) } }),
        database: databasePath,
        token: async () => load(oauth.token),
        introspect: async () => load(oauth.introspect),
        userinfo: async () => load(oauth.userinfo),
        passkey: async () => load(passkeyLoad(base, passkey)),
      };
      const cases = {} as Record<CaseKey, CpuLoadResult>;
      for (const [key] of LOAD_CASES) cases[key] = await measureCpu(server, await loads[key](), duration);
      const argon2 = await yardsticks.argon2();
      cases.signIn = await measureCpu(server, signIn, duration);
      cases.signInUsername = await measureCpu(server, signInUsername, duration);
      cases.twoFactor = await measureCpu(server, load(twoFactorLoad(base, totpSecret)), duration);
      rounds.push({ bare, argon2, cases });
    }
    const getSessionDb = await databasePath();
    const [mixed, mixedSignIn] = await Promise.all([
      runLoad({ ...getSessionDb, duration }),
      runLoad({ ...signIn, duration }),
    ]);
    const rssMb = server.rssMb();
    const audit = await benchAuditEvents(
      db,
      base,
      admin.cookies.header(`${base}/api/auth/admin/list-audit-events`),
      duration,
      forwardedFor,
    );
    const auditRssMb = server.rssMb();
    // The hashing threads end once idle for a while (crypto/argon2-threads.ts): what a server keeps between bursts.
    await new Promise((resolve) => setTimeout(resolve, (DEFAULTS.passwordHashThreadIdleSeconds + 2) * 1000));
    return {
      configuration: configuration.name,
      rounds,
      mixed,
      mixedSignIn,
      audit,
      startMs: server.startMs,
      idleRssMb,
      rssMb,
      auditRssMb,
      settledRssMb: server.rssMb(),
    };
  } finally {
    await db.close();
    await server.stop();
  }
}
