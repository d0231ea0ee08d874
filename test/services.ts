/**
 * @module Where the test databases are, and whether they answer. Every database suite runs once
 * per dialect; LATCHKEY_TEST_DIALECTS narrows the list (default: sqlite,postgres,mysql).
 */
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres' | 'mysql';

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** Debian's Chromium, which the browser tests drive (playwright-core never downloads one). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

export function requestedDialects(): TestDialect[] {
  const list = (process.env.LATCHKEY_TEST_DIALECTS ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim());
  return list.filter((d): d is TestDialect => d === 'sqlite' || d === 'postgres' || d === 'mysql');
}

export async function isReachable(dialect: TestDialect): Promise<boolean> {
  try {
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      await client.connect();
      await client.end();
    } else if (dialect === 'mysql') {
      const connection = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
      await connection.end();
    }
    return true;
  } catch {
    return false;
  }
}

export async function isRedisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
