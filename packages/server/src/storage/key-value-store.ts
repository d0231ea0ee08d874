/**
 * @module What rate limits and sign-in throttling need from a store: a counter per key within a
 * window, and small values with a time to live. Memory for one instance; Redis when several
 * instances must share counts.
 */

export interface WindowCount {
  count: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

export interface KeyValueStore {
  /** Adds one to the key's count in the window that `now` falls in, starting a window if none is open. */
  increment(key: string, windowMs: number, now: number): Promise<WindowCount>;
  get(key: string, now: number): Promise<string | null>;
  set(key: string, value: string, ttlMs: number, now: number): Promise<void>;
  delete(key: string): Promise<void>;
}
