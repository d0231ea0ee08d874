/**
 * @module The key-value store on Redis, for several instances behind a load balancer: every
 * operation that reads then writes is one Lua script, which Redis runs without interleaving another
 * command, so two instances never both see a count of one, and a failure's count and the lock it
 * implies are written together. Expiry is Redis's own; the engine's clock only turns the TTL into
 * `resetAt` and is the clock a lock's end is written in.
 */
import type { Logger } from '../auth/options';
import type { FailureCount, KeyValueStore, LockoutRule, WindowCount } from './key-value-store';
import { createMemoryStore } from './memory-store';
import { connectRedis } from './redis-connection';

/** KEYS[1] the counter; ARGV[1] the window. Returns the count and the window's time left. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/**
 * KEYS: counters; ARGV: for each, the amount to add and its window. Returns each count and its
 * window's time left, flattened.
 */
const ADD_COUNTS = `
local answers = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[2 * i - 1])
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
  answers[2 * i - 1] = count
  answers[2 * i] = redis.call('PTTL', key)
end
return answers`;

/**
 * KEYS[1] the failure counter, KEYS[2] the lock; ARGV: window, now, threshold, base lock, max lock,
 * limit (milliseconds). The lock rule is `lockMsFor`'s (key-value-store.ts). Returns the count, the
 * window's time left and the lock's end (0 for none).
 */
const RECORD_FAILURE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = math.max(redis.call('PTTL', KEYS[1]), 0)
local now, threshold, base, max, limit = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local lock = 0
if count >= limit then lock = left
elseif count >= threshold then lock = math.min(base * 2 ^ math.min(count - threshold, 30), max) end
if lock <= 0 then return { count, left, 0 } end
redis.call('SET', KEYS[2], string.format('%.0f', now + lock), 'PX', math.max(1, math.ceil(lock)))
return { count, left, now + lock }`;

/** KEYS: the locks; ARGV[1] now. Returns the latest end of a running lock, or 0. */
const LOCKED_UNTIL = `
local now, latest = tonumber(ARGV[1]), 0
for _, key in ipairs(KEYS) do
  local ends = tonumber(redis.call('GET', key) or '0') or 0
  if ends > latest then latest = ends end
end
if latest > now then return latest end
return 0`;

/**
 * KEYS: the locks, then as many counters; ARGV[1] now. Returns the latest end of a running lock and
 * leaves everything as it is, or clears locks and counters and returns 0.
 */
const CLEAR_FAILURES = `
local now, latest = tonumber(ARGV[1]), 0
for i = 1, #KEYS / 2 do
  local ends = tonumber(redis.call('GET', KEYS[i]) or '0') or 0
  if ends > latest then latest = ends end
end
if latest > now then return latest end
redis.call('DEL', unpack(KEYS))
return 0`;

export interface RedisStore extends KeyValueStore {
  /**
   * Resolves when Redis answers a PING, rejects when it does not within `REDIS_TIMEOUT_MS`
   * (readiness): the counters' quiet fallback to memory would otherwise hide an outage.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisStoreOptions {
  /** Keeps one deployment's keys apart from others' in a shared Redis. */
  prefix?: string;
  logger?: Logger;
}

const ms = (value: number) => Math.max(1, Math.ceil(value));

/**
 * While Redis is unreachable, each instance counts in its own memory (logged once per outage): the
 * limits then hold per instance, never not at all, and no request waits on a Redis that is away
 * longer than `REDIS_TIMEOUT_MS` (redis-connection.ts). The counts kept meanwhile are
 * not carried over when Redis is back.
 */
export function createRedisStore(url: string, { prefix = 'latchkey:', logger }: RedisStoreOptions = {}): RedisStore {
  const { redis, firstConnection } = connectRedis(url);
  // ioredis reports every failed reconnection; the outage is reported by `shared` below.
  redis.on('error', () => {});
  const local = createMemoryStore();
  let unreachable = false;
  async function shared<T>(onRedis: () => Promise<T>, onLocal: (store: KeyValueStore) => Promise<T>): Promise<T> {
    try {
      await firstConnection();
      const result = await onRedis();
      if (unreachable) logger?.info({}, 'Redis is back: counters are shared again');
      unreachable = false;
      return result;
    } catch (error) {
      if (!unreachable)
        logger?.error({ err: error }, 'Redis is unreachable: rate limits count per instance until it is back');
      unreachable = true;
      return onLocal(local);
    }
  }
  const locks = (keys: readonly string[]) => keys.map((key) => `${prefix}lock:${key}`);
  const counters = (keys: readonly string[]) => keys.map((key) => `${prefix}fail:${key}`);
  return {
    increment: (key, windowMs, now) =>
      shared(
        async () => {
          const [count, ttl] = (await redis.eval(INCREMENT, 1, prefix + key, ms(windowMs))) as [number, number];
          return { count, resetAt: now + Math.max(ttl, 0) };
        },
        (store) => store.increment(key, windowMs, now),
      ),
    addCounts: (counts, now) =>
      shared(
        async () => {
          const args = counts.flatMap(({ by, windowMs }) => [by, ms(windowMs)]);
          const answers = (await redis.eval(
            ADD_COUNTS,
            counts.length,
            ...counts.map(({ key }) => prefix + key),
            ...args,
          )) as number[];
          return counts.map((_, i) => ({ count: answers[2 * i]!, resetAt: now + Math.max(answers[2 * i + 1]!, 0) }));
        },
        async (store) => {
          const answers: WindowCount[] = [];
          for (const { key, by, windowMs } of counts) {
            let answer = await store.increment(key, windowMs, now);
            for (let i = 1; i < by; i++) answer = await store.increment(key, windowMs, now);
            answers.push(answer);
          }
          return answers;
        },
      ),
    recordFailure: (key, rule: LockoutRule, now): Promise<FailureCount> =>
      shared(
        async () => {
          const args = [ms(rule.windowMs), now, rule.threshold, rule.baseLockMs, rule.maxLockMs, rule.limit];
          const [count, left, lockedUntil] = (await redis.eval(
            RECORD_FAILURE,
            2,
            ...counters([key]),
            ...locks([key]),
            ...args,
          )) as [number, number, number];
          return { count, resetAt: now + left, lockedUntil };
        },
        (store) => store.recordFailure(key, rule, now),
      ),
    lockedUntil: async (keys, now) =>
      keys.length === 0
        ? 0
        : shared(
            async () => (await redis.eval(LOCKED_UNTIL, keys.length, ...locks(keys), now)) as number,
            (store) => store.lockedUntil(keys, now),
          ),
    clearFailures: async (keys, now) =>
      keys.length === 0
        ? 0
        : shared(
            async () =>
              (await redis.eval(CLEAR_FAILURES, keys.length * 2, ...locks(keys), ...counters(keys), now)) as number,
            (store) => store.clearFailures(keys, now),
          ),
    get: (key, now) =>
      shared(
        () => redis.get(prefix + key),
        (store) => store.get(key, now),
      ),
    set: (key, value, ttlMs, now) =>
      shared(
        async () => {
          await redis.set(prefix + key, value, 'PX', ms(ttlMs));
        },
        (store) => store.set(key, value, ttlMs, now),
      ),
    setIfAbsent: (key, value, ttlMs, now) =>
      shared(
        async () => (await redis.set(prefix + key, value, 'PX', ms(ttlMs), 'NX')) === 'OK',
        (store) => store.setIfAbsent(key, value, ttlMs, now),
      ),
    delete: (key) =>
      shared(
        async () => {
          await redis.del(prefix + key);
        },
        (store) => store.delete(key),
      ),
    async ping() {
      await firstConnection();
      await redis.ping();
    },
    async close() {
      // Not `quit`: with Redis away it would wait for a reconnection that is no longer wanted.
      redis.disconnect();
    },
  };
}
