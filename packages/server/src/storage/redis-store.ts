/**
 * @module The key-value store on Redis, for several instances behind a load balancer: counters are
 * one atomic script (INCR, and PEXPIRE when the window opens), so two instances never both see a
 * count of one. Expiry is Redis's own; the engine's clock only turns the TTL into `resetAt`.
 */
import { Redis } from 'ioredis';
import type { KeyValueStore } from './key-value-store';

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export interface RedisStore extends KeyValueStore {
  close(): Promise<void>;
}

export function createRedisStore(url: string, { prefix = 'latchkey:' }: { prefix?: string } = {}): RedisStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async increment(key, windowMs, now) {
      const [count, ttl] = (await redis.eval(INCREMENT, 1, prefix + key, Math.max(1, Math.ceil(windowMs)))) as [number, number];
      return { count, resetAt: now + Math.max(ttl, 0) };
    },
    async get(key) {
      return redis.get(prefix + key);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
