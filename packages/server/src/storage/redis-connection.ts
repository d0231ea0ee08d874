/**
 * @module How Latchkey talks to Redis: no command is queued for a Redis that is away and none waits
 * longer than `REDIS_TIMEOUT_MS`, so a Redis outage costs a request at most that, never a hang; the
 * callers decide what to do instead (count in memory, read sessions from the database).
 */
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

/** Loaded when a Redis URL is configured: an instance without one never pays its memory. */
const load = createRequire(import.meta.url);

export const REDIS_TIMEOUT_MS = 500;

export interface RedisConnection {
  readonly redis: Redis;
  /**
   * Resolves once the first connection is up, or after `REDIS_TIMEOUT_MS`: commands sent before it
   * would fail only because the process has just started, not because Redis is away.
   */
  firstConnection(): Promise<void>;
}

export function connectRedis(url: string, options: RedisOptions = {}): RedisConnection {
  const { Redis: RedisClient } = load('ioredis') as typeof IoRedis;
  const redis = new RedisClient(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    ...options,
  });
  let connected = false;
  const ready = new Promise<void>((resolve) =>
    redis.once('ready', () => {
      connected = true;
      resolve();
    }),
  );
  return {
    redis,
    firstConnection: () =>
      connected
        ? Promise.resolve()
        : Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, REDIS_TIMEOUT_MS).unref())]),
  };
}
