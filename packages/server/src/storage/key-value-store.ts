/**
 * @module What rate limits and sign-in throttling need from a store: a counter per key within a
 * window, failures that count and lock in one step, and small values with a time to live. Memory
 * for one instance; Redis when several instances must share counts.
 *
 * Every operation that reads and then writes is one atomic step of the store (in memory it runs
 * without an await; on Redis it is one Lua script), so parallel requests, on one instance or on
 * several sharing Redis, can never both read a stale count and write a lock that misses the other.
 */

export interface WindowCount {
  count: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

/** How failures under a key lock it: counted in a window, locked from a threshold on. */
export interface LockoutRule {
  /** How long failures are counted, from the first of a window. */
  windowMs: number;
  /** The failure count at which the key locks, for `baseLockMs`. */
  threshold: number;
  /** The lock at the threshold; it doubles with each further failure, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
  /** From this failure count on, the lock lasts until the window ends. */
  limit: number;
}

export interface FailureCount extends WindowCount {
  /** Epoch milliseconds until which the key is locked after this failure; 0 when it is not. */
  lockedUntil: number;
}

export interface CountToAdd {
  key: string;
  by: number;
  windowMs: number;
}

export interface KeyValueStore {
  /** Adds one to the key's count in the window that `now` falls in, starting a window if none is open. */
  increment(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /**
   * Adds each count to its key as `increment` adds one, in one round trip, answering in order. Only
   * a store that instances share over the network has it: the ordinary rate limit then counts in
   * memory and sends its counts here in batches (batched-counts.ts).
   */
  addCounts?(counts: readonly CountToAdd[], now: number): Promise<WindowCount[]>;
  /**
   * Counts one failure under `key` (kept as `fail:<key>`) and sets the lock that count implies
   * (kept as `lock:<key>`), in one atomic step: parallel failures get distinct counts, and the last
   * of them leaves the lock its count implies.
   */
  recordFailure(key: string, rule: LockoutRule, now: number): Promise<FailureCount>;
  /** The latest end of the keys' locks still running at `now`, or 0. */
  lockedUntil(keys: readonly string[], now: number): Promise<number>;
  /**
   * Forgets the keys' failures and locks, in one atomic step, unless one of them is locked at
   * `now`: then nothing changes and the lock's end is returned. Returns 0 when it cleared them.
   */
  clearFailures(keys: readonly string[], now: number): Promise<number>;
  get(key: string, now: number): Promise<string | null>;
  set(key: string, value: string, ttlMs: number, now: number): Promise<void>;
  /**
   * Writes the key only when it holds no live value, in one atomic step: of parallel calls for one
   * key, on one instance or on several sharing Redis, exactly one is told `true`.
   */
  setIfAbsent(key: string, value: string, ttlMs: number, now: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The lock, in milliseconds from now, that the `count`-th failure in a window implies; 0 for none. */
export function lockMsFor(rule: LockoutRule, count: number, windowLeftMs: number): number {
  if (count >= rule.limit) return windowLeftMs;
  if (count < rule.threshold) return 0;
  return Math.min(rule.baseLockMs * 2 ** Math.min(count - rule.threshold, 30), rule.maxLockMs);
}
