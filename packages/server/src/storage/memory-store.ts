/**
 * @module The in-process store: enough for a single instance. Keys are kept apart by their prefix,
 * the text before the first `:` (`rl` for rate-limit counters, `fail` and `lock` for sign-in
 * throttling, `idtoken` for id_tokens already used), each prefix in a partition of its own with its own bound: a flood of keys of one
 * kind, such as rate-limit counters sprayed from many addresses, can only evict keys of that kind,
 * never an account's lock.
 *
 * Memory is bounded: at most MAX_PARTITIONS partitions (keys of any further prefix share the
 * partition of keys without one) of at most MAX_ENTRIES entries each, so 500,000 entries in all.
 * Every key the engine writes is short (an e-mail, the longest part, is at most 254 characters):
 * a full partition of such keys takes under 40 MB. Within a partition, expired entries are
 * swept when it grows, and when it is full of live ones the oldest written are evicted.
 *
 * Each operation runs to its end without an await, so it is atomic among the requests of the
 * process.
 */
import {
  type FailureCount,
  type KeyValueStore,
  lockMsFor,
  type LockoutRule,
  type WindowCount,
} from './key-value-store';

interface Entry {
  value: string;
  count: number;
  expiresAt: number;
}

const SWEEP_THRESHOLD = 10_000;
const MAX_ENTRIES = 100_000;
/** When full of live keys, evict down to this many, so the next sweep is many inserts away. */
const EVICT_TO = MAX_ENTRIES - MAX_ENTRIES / 10;
/** The engine uses four prefixes; with the shared one, each has a partition to itself. */
const MAX_PARTITIONS = 5;

/** The in-process store; `size` lets tests and metrics see that it stays bounded. */
export interface MemoryStore extends KeyValueStore {
  readonly size: number;
}

interface Partition {
  entries: Map<string, Entry>;
  live(key: string, now: number): Entry | undefined;
  put(key: string, entry: Entry, now: number): void;
}

function createPartition(): Partition {
  const entries = new Map<string, Entry>();
  // A sweep walks the whole partition; it runs only once the partition has grown by as much again
  // as it held after the last one, so a flood of new keys costs O(1) each, not O(size).
  let sweepAt = SWEEP_THRESHOLD;

  function sweep(now: number): void {
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
    // Still full of live keys: drop the oldest writes rather than grow.
    if (entries.size >= EVICT_TO) {
      for (const k of entries.keys()) {
        if (entries.size < EVICT_TO) break;
        entries.delete(k);
      }
    }
    sweepAt = Math.min(MAX_ENTRIES, Math.max(SWEEP_THRESHOLD, entries.size * 2));
  }

  return {
    entries,
    live(key, now) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    put(key, entry, now) {
      if (entries.size >= sweepAt && !entries.has(key)) sweep(now);
      // Re-inserted, so a value written again (a lock extended) is the last to be evicted.
      entries.delete(key);
      entries.set(key, entry);
    },
  };
}

export function createMemoryStore(): MemoryStore {
  const shared = createPartition();
  const partitions = new Map<string, Partition>([['', shared]]);

  function partitionOf(key: string): Partition {
    const colon = key.indexOf(':');
    const prefix = colon < 0 ? '' : key.slice(0, colon);
    let partition = partitions.get(prefix);
    if (!partition) {
      // Prefixes come from the engine's code, not from requests; the cap bounds memory all the same.
      if (partitions.size >= MAX_PARTITIONS) return shared;
      partition = createPartition();
      partitions.set(prefix, partition);
    }
    return partition;
  }

  function increment(key: string, windowMs: number, now: number): WindowCount {
    const partition = partitionOf(key);
    const entry = partition.live(key, now);
    if (entry) {
      entry.count += 1;
      return { count: entry.count, resetAt: entry.expiresAt };
    }
    partition.put(key, { value: '', count: 1, expiresAt: now + windowMs }, now);
    return { count: 1, resetAt: now + windowMs };
  }

  function get(key: string, now: number): string | null {
    return partitionOf(key).live(key, now)?.value ?? null;
  }

  function set(key: string, value: string, ttlMs: number, now: number): void {
    partitionOf(key).put(key, { value, count: 0, expiresAt: now + ttlMs }, now);
  }

  function remove(key: string): void {
    partitionOf(key).entries.delete(key);
  }

  function lockedUntil(keys: readonly string[], now: number): number {
    const until = Math.max(0, ...keys.map((key) => Number(get(`lock:${key}`, now) ?? 0)));
    return until > now ? until : 0;
  }

  return {
    get size() {
      let size = 0;
      for (const partition of partitions.values()) size += partition.entries.size;
      return size;
    },
    async increment(key, windowMs, now) {
      return increment(key, windowMs, now);
    },
    async recordFailure(key, rule: LockoutRule, now): Promise<FailureCount> {
      const { count, resetAt } = increment(`fail:${key}`, rule.windowMs, now);
      const lockMs = lockMsFor(rule, count, resetAt - now);
      if (lockMs <= 0) return { count, resetAt, lockedUntil: 0 };
      set(`lock:${key}`, String(now + lockMs), lockMs, now);
      return { count, resetAt, lockedUntil: now + lockMs };
    },
    async lockedUntil(keys, now) {
      return lockedUntil(keys, now);
    },
    async clearFailures(keys, now) {
      const until = lockedUntil(keys, now);
      if (until > 0) return until;
      for (const key of keys) {
        remove(`fail:${key}`);
        remove(`lock:${key}`);
      }
      return 0;
    },
    async get(key, now) {
      return get(key, now);
    },
    async set(key, value, ttlMs, now) {
      set(key, value, ttlMs, now);
    },
    async setIfAbsent(key, value, ttlMs, now) {
      if (partitionOf(key).live(key, now)) return false;
      set(key, value, ttlMs, now);
      return true;
    },
    async delete(key) {
      remove(key);
    },
  };
}
