/**
 * @module The ordinary rate limit's counts without a network round trip on the request's path
 * (issue #33): with a store other instances share (Redis), each instance counts in its own memory
 * and sends what it counted to the store in one batch every `syncMs`, learning from the answer what
 * all instances counted. A request is then decided from what is known: the shared count at the last
 * batch plus what this instance counted since.
 *
 * The tolerance, written down in docs/decisions.md ("Rate limit counted locally"): an instance
 * never admits more than the limit by its own count, and learns the others' within one batch; so
 * across N instances a client gets at most the limit plus what it sends to the other instances in
 * one `syncMs`, and never more than N times the limit. The strict and mail tiers, a handful of
 * attempts where exactness matters, keep the store's atomic increment (http/rate-limit.ts).
 */
import type { Logger } from '../auth/options';
import type { KeyValueStore, WindowCount } from './key-value-store';

export const BATCHED_COUNTS_DEFAULTS = {
  /** How often the counts of the last moments go to the shared store, in one round trip. */
  syncMs: 250,
  /**
   * Clients counted at once before new ones are counted at the store directly: a flood of distinct
   * addresses then costs round trips, not unbounded memory.
   */
  maxKeys: 100_000,
} as const;

interface Entry {
  /** Epoch milliseconds at which the window ends, the store's once a batch has told it. */
  windowEnd: number;
  windowMs: number;
  /** Every instance's count as the store answered the last batch (this instance's sent part included). */
  shared: number;
  /** Counted here and in a batch not answered yet. */
  sending: number;
  /** Counted here since the last batch left. */
  unsent: number;
  /** Whether this instance has refused the key in this window (the audit log's one row per window). */
  refused: boolean;
}

export interface LocalCount extends WindowCount {
  /** True for the first refusal this instance makes of the key in its window. */
  firstRefusal: boolean;
}

export interface BatchedCounts {
  /**
   * Counts one request under `key` and answers the count it is decided on; a promise only when the
   * key had to be counted at the store (too many keys at once).
   */
  increment(key: string, windowMs: number, max: number, now: number): LocalCount | Promise<LocalCount>;
  /** Sends what was counted and waits for the answer (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer after one last batch. */
  close(): Promise<void>;
}

/** Undefined for a store that is not shared (memory): counting there is already local. */
export function createBatchedCounts(
  store: KeyValueStore,
  clock: () => number,
  logger: Logger,
  { syncMs, maxKeys }: { syncMs: number; maxKeys: number } = BATCHED_COUNTS_DEFAULTS,
): BatchedCounts | undefined {
  if (!store.addCounts) return undefined;
  const addCounts = store.addCounts.bind(store);
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  let closed = false;

  function decide(entry: Entry, max: number): LocalCount {
    const count = entry.shared + entry.sending + entry.unsent;
    const firstRefusal = count > max && !entry.refused;
    if (count > max) entry.refused = true;
    return { count, resetAt: entry.windowEnd, firstRefusal };
  }

  async function send(): Promise<void> {
    const now = clock();
    const batch: [string, Entry, number][] = [];
    for (const [key, entry] of entries) {
      if (entry.unsent > 0) {
        batch.push([key, entry, entry.unsent]);
        entry.sending += entry.unsent;
        entry.unsent = 0;
      } else if (entry.windowEnd <= now && entry.sending === 0) {
        entries.delete(key);
      }
    }
    if (batch.length === 0) return;
    try {
      const answers = await addCounts(
        batch.map(([key, entry, by]) => ({ key, by, windowMs: entry.windowMs })),
        now,
      );
      batch.forEach(([, entry, by], i) => {
        const answer = answers[i]!;
        entry.sending -= by;
        entry.shared = answer.count;
        entry.windowEnd = answer.resetAt;
      });
    } catch (error) {
      // The store says why it failed (the Redis store falls back to memory and logs the outage);
      // what was counted stays counted here.
      logger.warn({ err: error }, 'Rate-limit counts could not be shared');
      for (const [, entry, by] of batch) {
        entry.sending -= by;
        entry.shared += by;
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // One batch at a time, so an answer never overwrites a newer one's count.
    sending = (sending ?? Promise.resolve()).then(send).finally(() => {
      if (!closed && [...entries.values()].some((entry) => entry.unsent > 0)) schedule();
    });
    return sending;
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), syncMs);
    timer.unref();
  }

  return {
    increment(key, windowMs, max, now) {
      let entry = entries.get(key);
      if (entry && entry.windowEnd <= now && entry.sending === 0) {
        entries.delete(key);
        entry = undefined;
      }
      if (!entry) {
        if (entries.size >= maxKeys) {
          return store.increment(key, windowMs, now).then(({ count, resetAt }) => ({
            count,
            resetAt,
            firstRefusal: count === max + 1,
          }));
        }
        entry = { windowEnd: now + windowMs, windowMs, shared: 0, sending: 0, unsent: 0, refused: false };
        entries.set(key, entry);
      }
      entry.unsent += 1;
      schedule();
      return decide(entry, max);
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
