/**
 * @module The in-process store: enough for a single instance. Expired entries are swept when the
 * map grows, so a flood of distinct keys cannot grow memory without bound.
 */
import type { KeyValueStore, WindowCount } from './key-value-store';

interface Entry {
  value: string;
  count: number;
  expiresAt: number;
}

const SWEEP_THRESHOLD = 10_000;
const MAX_ENTRIES = 100_000;
/** When full of live keys, evict down to this many, so the next sweep is many inserts away. */
const EVICT_TO = MAX_ENTRIES - MAX_ENTRIES / 10;

/** The in-process store; `size` lets tests and metrics see that it stays bounded. */
export interface MemoryStore extends KeyValueStore {
  readonly size: number;
}

export function createMemoryStore(): MemoryStore {
  const entries = new Map<string, Entry>();
  // A sweep walks the whole map; it runs only once the map has grown by as much again as it held
  // after the last one, so a flood of new keys costs O(1) each, not O(size).
  let sweepAt = SWEEP_THRESHOLD;

  function live(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep(now: number): void {
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
    // Still full of live keys: drop the oldest insertions rather than grow.
    if (entries.size >= EVICT_TO) {
      for (const k of entries.keys()) {
        if (entries.size < EVICT_TO) break;
        entries.delete(k);
      }
    }
    sweepAt = Math.min(MAX_ENTRIES, Math.max(SWEEP_THRESHOLD, entries.size * 2));
  }

  function put(key: string, entry: Entry, now: number): void {
    if (entries.size >= sweepAt && !entries.has(key)) sweep(now);
    entries.set(key, entry);
  }

  return {
    get size() {
      return entries.size;
    },
    async increment(key, windowMs, now): Promise<WindowCount> {
      const entry = live(key, now);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetAt: entry.expiresAt };
      }
      put(key, { value: '', count: 1, expiresAt: now + windowMs }, now);
      return { count: 1, resetAt: now + windowMs };
    },
    async get(key, now) {
      return live(key, now)?.value ?? null;
    },
    async set(key, value, ttlMs, now) {
      put(key, { value, count: 0, expiresAt: now + ttlMs }, now);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
