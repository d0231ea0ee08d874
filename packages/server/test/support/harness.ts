/**
 * @module The test harness: a Latchkey instance on a fresh database of the given dialect, a clock
 * tests move by hand, and browser-like clients that keep cookies. Requests go through
 * `auth.handler` exactly as the standalone server sends them.
 */
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createAuth, createSmtpMailer, type Auth, type AuthOptions } from '../../src';
import { BrowserCookies, parseSetCookie, type CookieAttributes } from '../../../../test/browser-cookies';
import { authInternalsForTests, type AuthContext } from '../../src/testing';
import type { TestDialect } from '../../../../test/services';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestDatabase, type TestDatabase } from './test-database';

export const BASE_URL = 'http://localhost:3000';
export const ORIGIN = BASE_URL;
export const SECRET = 'test-secret-test-secret-test-secret-0123';
export const API = '/api/auth';

export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
}

export function createClock(start = Date.UTC(2026, 0, 1, 12)): TestClock {
  let current = start;
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  /** Each Set-Cookie header, parsed: name → { value, attributes (lower-cased keys) }. */
  setCookies: Map<string, { value: string; attributes: CookieAttributes }>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Defaults to the trusted origin; pass null to send none. */
  origin?: string | null;
  clientIp?: string;
  /** A raw body instead of JSON. */
  rawBody?: BodyInit;
}

/** A browser: keeps the cookies the server sets and sends them back, by a browser's rules. */
export class TestClient {
  /** `cookies` may be another client's jar: one browser whose requests reach several instances. */
  constructor(
    private readonly auth: Auth,
    private readonly defaultIp = '203.0.113.10',
    readonly cookies = new BrowserCookies(`${BASE_URL}${API}/`),
  ) {}

  get cookieHeader(): string {
    return this.cookies.header();
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const url = BASE_URL + API + path;
    const headers: Record<string, string> = {};
    if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
    const cookie = this.cookies.header(url);
    if (cookie !== '') headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const init: RequestInit = { method, headers };
    if (options.rawBody !== undefined) init.body = options.rawBody;
    else if (body !== undefined) init.body = JSON.stringify(body);
    const response = await this.auth.handler(new Request(url, init), {
      clientIp: options.clientIp ?? this.defaultIp,
    });
    const setCookies = new Map(response.headers.getSetCookie().map(parseSetCookie));
    this.cookies.keep(response, url);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers, setCookies };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T = any>(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
}

/**
 * The auth under test, with its internals (database, stores) beside it for the tests that assert
 * on stored state: through the engine's test-only `authInternalsForTests`, not the public `Auth`.
 */
export type TestAuth = Auth & { readonly context: AuthContext };

export interface Harness {
  dialect: TestDialect;
  auth: TestAuth;
  clock: TestClock;
  /** The SMTP server the engine's mailer delivers to (unless the overrides set another mailer). */
  mail: SmtpSink;
  client(ip?: string): TestClient;
  /** Signs up (and so signs in) a user through the API; returns the client holding its session. */
  signUp(email?: string, password?: string, name?: string): Promise<{ client: TestClient; user: any; token: string }>;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export async function createHarness(
  dialect: TestDialect,
  overrides: Partial<AuthOptions> = {},
): Promise<Harness & { close(): Promise<void> }> {
  const database: TestDatabase = await createTestDatabase(dialect);
  const mail = await startSmtpSink();
  const mailer = createSmtpMailer(mail.url, { from: 'Latchkey <auth@example.com>' });
  const clock = createClock();
  const auth = createAuth({
    baseURL: BASE_URL,
    secret: SECRET,
    database: { url: database.url },
    mailer,
    now: clock.now,
    logger: { info() {}, warn() {}, error: (obj, msg) => console.error(msg, obj) },
    // A pass landing at a moment of its own would delete rows a test has just expired and asserts
    // on; the prune tests run passes themselves (`pruneJobForTests`).
    prune: { enabled: false },
    ...overrides,
  });
  await auth.migrate();
  const harness: Harness = {
    dialect,
    auth: { ...auth, context: authInternalsForTests(auth) },
    clock,
    mail,
    client: (ip) => new TestClient(auth, ip),
    async signUp(email = uniqueEmail(), password = 'correct horse battery', name = 'Test User') {
      const client = new TestClient(auth);
      const response = await client.post('/sign-up/email', { email, password, name });
      if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
      return { client, user: response.body.user, token: response.body.token };
    },
  };
  return {
    ...harness,
    async close() {
      await auth.close();
      mailer.close();
      await mail.close();
      await database.drop();
    },
  };
}

/**
 * Whether requests of one process can race inside the database: not on SQLite, where the engine's
 * one connection runs each transaction alone. A race test whose guard is a row lock
 * (db/locked-transaction.ts) cannot fail there with the lock removed, so it runs only where this is
 * true; two processes on one SQLite file race in apps/server/test/cluster/sqlite-processes.test.ts.
 */
export function racesInTransactions(dialect: TestDialect): boolean {
  return dialect !== 'sqlite';
}

/**
 * Runs `suite` once per available dialect, each with its own database. The harness is created in
 * beforeAll; `suite` receives a getter for it, and the dialect (to skip a test where it cannot
 * fail, with `racesInTransactions`). A dialect `only` rejects is shown as a skipped suite.
 */
export function describeEachDialect(
  name: string,
  suite: (h: () => Harness, dialect: TestDialect) => void,
  overrides: Partial<AuthOptions> = {},
  only: (dialect: TestDialect) => boolean = () => true,
): void {
  for (const dialect of inject('dialects')) {
    describe.skipIf(!only(dialect))(`${name} [${dialect}]`, () => {
      let harness: (Harness & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        harness = await createHarness(dialect, overrides);
      });
      afterAll(async () => {
        await harness?.close();
      });
      suite(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      }, dialect);
    });
  }
}
