/**
 * @module A Latchkey deployment as an operator runs one behind a load balancer: several standalone
 * processes sharing one secret, one database (PostgreSQL or MariaDB) and a Redis of the cluster's
 * own, behind a round-robin proxy they trust; mail goes to one SMTP sink. Started fresh per suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisProcess, type RedisProcess } from '../../../../test/redis-process';
import { startSmtpSink, type SmtpSink } from '../../../../packages/server/test/support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../../../packages/server/test/support/test-database';
import { cookieFetch } from '../../../../test/cookie-fetch';
import type { TestDialect } from '../../../../test/services';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/round-robin-proxy';
import { startStandalone, stopStandalone, type StandaloneProcess } from './standalone-process';

export const CLUSTER_ORIGIN = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@example.com';

export const PASSWORD = 'correct horse battery';

/** A browser whose requests go through the proxy, so each lands on the next instance. */
export interface ClusterBrowser {
  post(path: string, body?: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
  /** The Cookie header this browser sends, as a thief who copied it would replay it. */
  cookie(): string;
}

export interface Cluster {
  /** The proxy: where clients send their requests. */
  readonly url: string;
  readonly instances: readonly StandaloneProcess[];
  readonly proxy: RoundRobinProxy;
  readonly redis: RedisProcess;
  readonly database: TestDatabase;
  readonly mail: SmtpSink;
  /** A browser of its own address (X-Forwarded-For), so per-address limits stay out of a test's way unless it means them. */
  browser(ip?: string): ClusterBrowser;
  /** A browser signed up (so signed in) through the proxy as a new user. */
  signedUp(email?: string): Promise<{ browser: ClusterBrowser; userId: string; email: string }>;
  /** What each instance, asked directly, answers for the session `cookie` carries: its e-mail, or null. */
  sessionOnEachInstance(cookie: string): Promise<(string | null)[]>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${(counter += 1)}-${Date.now().toString(36)}@example.com`;
const nextIp = () => `198.18.${((counter += 1) >> 8) & 255}.${counter & 255}`;

export async function startCluster(
  dialect: Exclude<TestDialect, 'sqlite'>,
  { size = 3, env = {} }: { size?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const cwd = mkdtempSync(join(tmpdir(), 'latchkey-cluster-'));
  const [database, redis, mail] = await Promise.all([
    createTestDatabase(dialect),
    startRedisProcess(),
    startSmtpSink(),
  ]);
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SMTP_URL: mail.url,
    LATCHKEY_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
    BASE_URL: CLUSTER_ORIGIN,
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT: 'on',
    LATCHKEY_ADMIN_EMAILS: ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
    ...env,
  };
  // The first migrates; the others find the work done and start together.
  const first = await startStandalone(cwd, shared);
  const rest = await Promise.all(Array.from({ length: size - 1 }, () => startStandalone(cwd, shared)));
  const instances = [first, ...rest];
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.port));
  const browser = (ip = nextIp()): ClusterBrowser => {
    const jar = cookieFetch(CLUSTER_ORIGIN);
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    const url = (path: string) => `${proxy.url}/api/auth${path}`;
    return {
      post: (path, body = {}) => jar.fetch(url(path), { method: 'POST', headers, body: JSON.stringify(body) }),
      get: (path) => jar.fetch(url(path), { headers }),
      cookie: () => jar.cookies.header(url('/')),
    };
  };
  return {
    url: proxy.url,
    instances,
    proxy,
    redis,
    database,
    mail,
    browser,
    async signedUp(email = uniqueEmail()) {
      const client = browser();
      const response = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Cluster' });
      if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const { user } = (await response.json()) as { user: { id: string } };
      return { browser: client, userId: user.id, email };
    },
    sessionOnEachInstance: (cookie) =>
      Promise.all(
        instances.map(async (instance) => {
          const response = await fetch(`${instance.url}/api/auth/get-session`, { headers: { cookie } });
          if (response.status !== 200) throw new Error(`get-session answered ${response.status}`);
          return ((await response.json()) as { user: { email: string } } | null)?.user.email ?? null;
        }),
      ),
    async close() {
      await proxy.close();
      await Promise.all(instances.map((instance) => stopStandalone(instance)));
      await Promise.all([redis.stop(), mail.close(), database.drop()]);
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
