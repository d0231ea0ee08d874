/**
 * @module The two configurations every Latchkey case runs in. **development**: a SQLite file, the
 * rate limit off, `LOG_LEVEL=warn` (the bench as it always ran). **production**: as an operator
 * leaves a scaled-out deployment: PostgreSQL (a database made for the run on BENCH_POSTGRES_URL and
 * dropped after), Redis (BENCH_REDIS_URL, a database number of the bench's own, emptied before and
 * after: other tests use Redis and the server's keys carry a fixed `latchkey:` prefix), the rate
 * limit on, `NODE_ENV=production`, `LOG_LEVEL=info`, behind a trusted proxy at 127.0.0.1 whose
 * X-Forwarded-For names the client (support/client-addresses.ts).
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { clientAddresses } from './client-addresses';

export type ConfigurationName = 'development' | 'production';

export const CONFIGURATIONS: readonly ConfigurationName[] = ['development', 'production'];

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Database 13: the tests use 0 and 15. Revocations go on a pub/sub channel, which no database number separates. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const DATABASE_NAME = 'latchkey_bench_production';

export interface Configuration {
  name: ConfigurationName;
  dialect: 'sqlite' | 'postgres';
  /** The server's environment, beside its secret and its own settings. */
  env: Record<string, string>;
  /** The database the server uses: a SQLite file or a PostgreSQL URL (for bulk seeding). */
  databaseUrl: string;
  /** Each load request's X-Forwarded-For, in production; none in development. */
  forwardedFor?: () => string;
  /** Drops what the configuration made: the database, the Redis keys. */
  dispose(): Promise<void>;
}

async function asPostgresAdmin(statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function flushRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

export async function makeConfiguration(name: ConfigurationName, dataDir: string): Promise<Configuration> {
  if (name === 'development') {
    const file = join(dataDir, 'latchkey.db');
    return {
      name,
      dialect: 'sqlite',
      databaseUrl: file,
      env: { NODE_ENV: 'production', DATABASE_URL: file, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
      dispose: async () => {},
    };
  }
  // Dropped first too: a run that was killed leaves its database behind.
  await asPostgresAdmin([`drop database if exists ${DATABASE_NAME} with (force)`, `create database ${DATABASE_NAME}`]);
  await flushRedis();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${DATABASE_NAME}`;
  return {
    name,
    dialect: 'postgres',
    databaseUrl: url.href,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: url.href,
      REDIS_URL,
      RATE_LIMIT: 'on',
      LOG_LEVEL: 'info',
      TRUSTED_PROXIES: '127.0.0.1',
    },
    forwardedFor: clientAddresses(),
    dispose: async () => {
      await asPostgresAdmin([`drop database if exists ${DATABASE_NAME} with (force)`]);
      await flushRedis();
    },
  };
}
