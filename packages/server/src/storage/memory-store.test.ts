import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store';

const T0 = 1_700_000_000_000;

describe('memory store counters', () => {
  it('starts a window at the first increment and counts up within it', async () => {
    const store = createMemoryStore();
    expect(await store.increment('k', 10_000, T0)).toEqual({ count: 1, resetAt: T0 + 10_000 });
    expect(await store.increment('k', 10_000, T0 + 4_000)).toEqual({ count: 2, resetAt: T0 + 10_000 });
    expect(await store.increment('k', 10_000, T0 + 9_999)).toEqual({ count: 3, resetAt: T0 + 10_000 });
  });

  it('starts a new window once the old one has ended', async () => {
    const store = createMemoryStore();
    await store.increment('k', 10_000, T0);
    await store.increment('k', 10_000, T0 + 1);
    expect(await store.increment('k', 10_000, T0 + 10_000)).toEqual({ count: 1, resetAt: T0 + 20_000 });
  });

  it('counts each key on its own', async () => {
    const store = createMemoryStore();
    await store.increment('a', 10_000, T0);
    await store.increment('a', 10_000, T0);
    expect((await store.increment('b', 10_000, T0)).count).toBe(1);
    expect((await store.increment('a', 10_000, T0)).count).toBe(3);
  });

  it('forgets a counter that is deleted', async () => {
    const store = createMemoryStore();
    await store.increment('k', 10_000, T0);
    await store.delete('k');
    expect((await store.increment('k', 10_000, T0)).count).toBe(1);
  });
});

describe('memory store values', () => {
  it('returns a value until its time to live has passed', async () => {
    const store = createMemoryStore();
    await store.set('lock', 'until-later', 5_000, T0);
    expect(await store.get('lock', T0)).toBe('until-later');
    expect(await store.get('lock', T0 + 4_999)).toBe('until-later');
    expect(await store.get('lock', T0 + 5_000)).toBeNull();
  });

  it('answers null for a key never set and for a deleted one', async () => {
    const store = createMemoryStore();
    expect(await store.get('missing', T0)).toBeNull();
    await store.set('k', 'v', 5_000, T0);
    await store.delete('k');
    expect(await store.get('k', T0)).toBeNull();
  });

  it('replaces a value and its time to live when set again', async () => {
    const store = createMemoryStore();
    await store.set('k', 'first', 1_000, T0);
    await store.set('k', 'second', 10_000, T0 + 500);
    expect(await store.get('k', T0 + 5_000)).toBe('second');
  });

  it('sets a key only when it holds no live value, again once that value has expired', async () => {
    const store = createMemoryStore();
    expect(await store.setIfAbsent('idtoken:a', '1', 1_000, T0)).toBe(true);
    expect(await store.setIfAbsent('idtoken:a', '2', 1_000, T0 + 999)).toBe(false);
    expect(await store.get('idtoken:a', T0 + 999)).toBe('1');
    expect(await store.setIfAbsent('idtoken:a', '3', 1_000, T0 + 1_000)).toBe(true);
    expect(await store.get('idtoken:a', T0 + 1_000)).toBe('3');
  });

  it('tells exactly one of parallel set-if-absent calls for a key that it set it', async () => {
    const store = createMemoryStore();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.setIfAbsent('idtoken:b', '1', 60_000, T0)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('removes an expired entry when it is read', async () => {
    const store = createMemoryStore();
    await store.set('k', 'v', 1_000, T0);
    expect(store.size).toBe(1);
    await store.get('k', T0 + 1_000);
    expect(store.size).toBe(0);
  });
});

describe('memory store size', () => {
  it('sweeps expired entries once many keys have accumulated', async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 10_000; i++) await store.increment(`old-${i}`, 10_000, T0);
    expect(store.size).toBe(10_000);
    await store.increment('new', 10_000, T0 + 10_000);
    expect(store.size).toBe(1);
    expect((await store.increment('new', 10_000, T0 + 10_001)).count).toBe(2);
  });

  it('keeps live entries when sweeping expired ones', async () => {
    const store = createMemoryStore();
    await store.set('long-lived', 'kept', 60_000, T0);
    for (let i = 0; i < 9_999; i++) await store.increment(`short-${i}`, 1_000, T0);
    await store.increment('trigger', 1_000, T0 + 1_000);
    expect(await store.get('long-lived', T0 + 1_000)).toBe('kept');
    expect(store.size).toBe(2);
  });

  it('never holds more than 100,000 entries, evicting the oldest first, and absorbs a flood of live keys without rescanning on every insert', async () => {
    const store = createMemoryStore();
    const day = 24 * 60 * 60 * 1000;
    let largest = 0;
    for (let i = 0; i < 250_000; i++) {
      await store.increment(`ip-${i}`, day, T0);
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBeLessThanOrEqual(100_000);
    expect(store.size).toBeGreaterThan(10_000);
    expect((await store.increment('ip-249999', day, T0)).count).toBe(2);
    expect((await store.increment('ip-0', day, T0)).count).toBe(1);
  }, 20_000);

  it('keeps an account lock through a flood of 120,000 distinct rate-limit keys, which evict only each other', async () => {
    const store = createMemoryStore();
    const hour = 60 * 60 * 1000;
    await store.set('lock:email:victim@example.com', String(T0 + hour), hour, T0);
    await store.increment('fail:email:victim@example.com', 24 * hour, T0);
    let largest = 0;
    for (let i = 0; i < 120_000; i++) {
      await store.increment(`rl:2001:db8:${i.toString(16)}::/sign-in/email`, 10_000, T0 + 1);
      largest = Math.max(largest, store.size);
    }

    expect(largest).toBeLessThanOrEqual(100_000 + 2);
    expect(await store.get('lock:email:victim@example.com', T0 + 2)).toBe(String(T0 + hour));
    expect((await store.increment('fail:email:victim@example.com', 24 * hour, T0 + 2)).count).toBe(2);
    expect((await store.increment('rl:2001:db8:0::/sign-in/email', 10_000, T0 + 2)).count).toBe(1);
  }, 20_000);

  it('bounds each kind of key on its own: a flood of one prefix never grows past 100,000 entries', async () => {
    const store = createMemoryStore();
    const day = 24 * 60 * 60 * 1000;
    for (let i = 0; i < 150_000; i++) await store.increment(`fail:email:${i}@example.com`, day, T0);
    expect(store.size).toBeLessThanOrEqual(100_000);
    for (let i = 0; i < 150_000; i++) await store.increment(`rl:${i}:/sign-in/email`, day, T0);
    expect(store.size).toBeLessThanOrEqual(200_000);
  }, 20_000);
});

describe('memory store failures and locks', () => {
  const rule = { windowMs: 60_000, threshold: 3, baseLockMs: 1_000, maxLockMs: 4_000, limit: 6 };

  it('counts failures and sets the lock each count implies: from the threshold, doubling up to the cap, to the window end at the limit', async () => {
    const store = createMemoryStore();
    const locks = [];
    for (let i = 0; i < 6; i++) locks.push((await store.recordFailure('email:a', rule, T0)).lockedUntil);
    expect(locks).toEqual([0, 0, T0 + 1_000, T0 + 2_000, T0 + 4_000, T0 + 60_000]);
    expect(await store.lockedUntil(['email:a'], T0)).toBe(T0 + 60_000);
  });

  it('ends parallel failures with the lock of the last one', async () => {
    const store = createMemoryStore();
    const results = await Promise.all(Array.from({ length: 5 }, () => store.recordFailure('email:a', rule, T0)));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(await store.lockedUntil(['email:a', 'user:1'], T0)).toBe(T0 + 4_000);
  });

  it('clears failures and locks only when no key is locked', async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 3; i++) await store.recordFailure('email:a', rule, T0);
    await store.recordFailure('user:1', rule, T0);
    expect(await store.clearFailures(['email:a', 'user:1'], T0)).toBe(T0 + 1_000);
    expect((await store.recordFailure('user:1', rule, T0)).count).toBe(2);
    expect(await store.clearFailures(['email:a', 'user:1'], T0 + 1_000)).toBe(0);
    expect(await store.lockedUntil(['email:a', 'user:1'], T0)).toBe(0);
    expect((await store.recordFailure('email:a', rule, T0 + 1_000)).count).toBe(1);
    expect((await store.recordFailure('user:1', rule, T0 + 1_000)).count).toBe(1);
  });
});
