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

export function createMemoryStore(): KeyValueStore {
  const entries = new Map<string, Entry>();

  function live(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function put(key: string, entry: Entry, now: number): void {
    if (entries.size >= SWEEP_THRESHOLD && !entries.has(key)) {
      for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
      // Still full of live keys: drop the oldest insertions rather than grow.
      for (const k of entries.keys()) {
        if (entries.size < MAX_ENTRIES) break;
        entries.delete(k);
      }
    }
    entries.set(key, entry);
  }

  return {
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
