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
import type { TestDialect } from '../../../../test/services';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { startStandalone, stopStandalone, type StandaloneProcess } from './standalone-process';

export const CLUSTER_ORIGIN = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@example.com';

export interface Cluster {
  /** The proxy: where clients send their requests. */
  readonly url: string;
  readonly instances: readonly StandaloneProcess[];
  readonly proxy: RoundRobinProxy;
  readonly redis: RedisProcess;
  readonly database: TestDatabase;
  readonly mail: SmtpSink;
  close(): Promise<void>;
}

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
  return {
    url: proxy.url,
    instances,
    proxy,
    redis,
    database,
    mail,
    async close() {
      await proxy.close();
      await Promise.all(instances.map((instance) => stopStandalone(instance)));
      await Promise.all([redis.stop(), mail.close(), database.drop()]);
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
