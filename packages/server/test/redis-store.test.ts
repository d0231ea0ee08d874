import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDIS_URL } from '../../../test/services';
import { createRedisStore, type RedisStore } from '../src';
import type { AuthContext } from '../src/auth/context';
import { signInThrottle } from '../src/sign-in/account-lockout';
import { DEFAULTS } from '../src/auth/options';
import { createHarness, TestClient, uniqueEmail } from './support/harness';

const prefix = () => `latchkey-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;

describe.runIf(inject('redis'))('Redis key-value store', () => {
  const store = createRedisStore(REDIS_URL, { prefix: prefix() });
  // The first commands would fall back to memory if the connection took longer than the store's
  // timeout, as on a busy CI machine: then one count lands in memory and the next in Redis.
  beforeAll(async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await store.ping();
      } catch (error) {
        if (attempt === 20) throw error;
      }
    }
  });
  afterAll(() => store.close());

  it('counts within a window and reports when the window ends', async () => {
    const now = Date.now();
    expect(await store.increment('a', 10_000, now)).toMatchObject({ count: 1 });
    const second = await store.increment('a', 10_000, now);
    expect(second.count).toBe(2);
    expect(second.resetAt).toBeGreaterThan(now + 9_000);
    expect(second.resetAt).toBeLessThanOrEqual(now + 10_000);
  });

  it('keeps values until deleted', async () => {
    await store.set('v', 'hello', 60_000, Date.now());
    expect(await store.get('v', Date.now())).toBe('hello');
    await store.delete('v');
    expect(await store.get('v', Date.now())).toBeNull();
  });

  it('sets a key only when absent, telling exactly one of parallel callers on separate connections', async () => {
    const shared = prefix();
    const stores = Array.from({ length: 4 }, () => createRedisStore(REDIS_URL, { prefix: shared }));
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => stores[i % 4]!.setIfAbsent('idtoken:x', String(i), 60_000, Date.now())),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stores[0]!.setIfAbsent('idtoken:x', 'again', 60_000, Date.now())).toBe(false);
      await stores[0]!.delete('idtoken:x');
      expect(await stores[1]!.setIfAbsent('idtoken:x', 'again', 60_000, Date.now())).toBe(true);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('counts atomically under parallel increments', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment('p', 60_000, Date.now())));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe.runIf(inject('redis'))('sign-in throttle on Redis', () => {
  const INSTANCES = 5;
  const threshold = DEFAULTS.accountLockoutThreshold;

  /**
   * The store as an instance far from Redis sees it: each call reaches Redis after a delay of its
   * own, so two calls made one after the other by different requests may arrive in either order.
   */
  function distant(store: RedisStore): RedisStore {
    return new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          // Not a sleep-and-hope: the random delay is the distance, which lets racing calls arrive out of order.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
  }

  interface Instances {
    /** Redis as seen directly, to read what the instances left. */
    store: RedisStore;
    /** The `i`-th instance's context: its store and its clock. */
    auth(i: number): AuthContext;
    close(): Promise<void>;
  }

  /** Instances sharing one Redis, each on a connection of its own, with their clocks stopped at `now`. */
  function instances(now: number): Instances {
    const shared = prefix();
    const stores = Array.from({ length: INSTANCES }, () => createRedisStore(REDIS_URL, { prefix: shared }));
    const auths = stores.map((kv) => ({ kv: distant(kv), now: () => new Date(now) }) as unknown as AuthContext);
    const store = createRedisStore(REDIS_URL, { prefix: shared });
    return {
      store,
      auth: (i) => auths[i % INSTANCES] as AuthContext,
      close: async () => {
        await Promise.all([store, ...stores].map((s) => s.close()));
      },
    };
  }

  it('ends parallel failures across instances with exactly the lock the last of them implies', async () => {
    for (let round = 0; round < 5; round++) {
      const now = Date.now();
      const { store, auth, close } = instances(now);
      try {
        const failures = threshold + 5 + round;
        await Promise.all(
          Array.from({ length: failures }, (_, i) =>
            signInThrottle(auth(i), 'email:burst@example.com')
              .failed()
              .catch(() => undefined),
          ),
        );
        expect(await store.get('fail:email:burst@example.com', now)).toBe(String(failures));
        const lockMs =
          Math.min(
            DEFAULTS.accountLockoutBaseSeconds * 2 ** (failures - threshold),
            DEFAULTS.accountLockoutMaxSeconds,
          ) * 1000;
        expect(await store.lockedUntil(['email:burst@example.com'], now)).toBe(now + lockMs);
        expect(await store.get('lock:email:burst@example.com', now)).toBe(String(now + lockMs));
      } finally {
        await close();
      }
    }
  });

  it('locks once the threshold is reached and a success clears only while unlocked', async () => {
    const now = Date.now();
    const { store, auth, close } = instances(now);
    try {
      const throttle = signInThrottle(auth(0), 'email:one@example.com', 'u1');
      for (let i = 1; i < threshold; i++) await throttle.failed();
      await throttle.assertOpen();
      await throttle.succeeded();
      expect(await store.get('fail:email:one@example.com', now)).toBeNull();
      expect(await store.get('fail:user:u1', now)).toBeNull();

      for (let i = 0; i < threshold; i++) await throttle.failed();
      const lockedUntil = now + DEFAULTS.accountLockoutBaseSeconds * 1000;
      expect(await store.lockedUntil(['email:one@example.com', 'user:u1'], now)).toBe(lockedUntil);
      await expect(signInThrottle(auth(1), 'email:other@example.com', 'u1').assertOpen()).rejects.toMatchObject({
        entry: { status: 429, code: 'TOO_MANY_REQUESTS' },
      });
      await expect(throttle.succeeded()).rejects.toMatchObject({ entry: { status: 429, code: 'TOO_MANY_REQUESTS' } });
      expect(await store.get('fail:user:u1', now)).toBe(String(threshold));
      expect(await store.get('lock:user:u1', now)).toBe(String(lockedUntil));

      expect(await store.clearFailures(['email:one@example.com', 'user:u1'], lockedUntil)).toBe(0);
      expect(await store.get('fail:user:u1', now)).toBeNull();
      expect(await store.get('lock:email:one@example.com', now)).toBeNull();
    } finally {
      await close();
    }
  });
});

describe.runIf(inject('redis'))('two instances sharing Redis', () => {
  it('share the sign-in rate limit, so a client cannot spread its attempts across instances', async () => {
    const shared = createRedisStore(REDIS_URL, { prefix: prefix() });
    const options = { rateLimit: { enabled: true }, storage: shared };
    const a = await createHarness('sqlite', options);
    const b = await createHarness('sqlite', options);
    try {
      const body = { email: uniqueEmail(), password: 'wrong password' };
      const onA = new TestClient(a.auth, '198.51.100.7');
      const onB = new TestClient(b.auth, '198.51.100.7');
      expect((await onA.post('/sign-in/email', body)).status).toBe(401);
      expect((await onB.post('/sign-in/email', body)).status).toBe(401);
      expect((await onA.post('/sign-in/email', body)).status).toBe(401);
      const fourth = await onB.post('/sign-in/email', body);
      expect(fourth.status).toBe(429);
      expect(fourth.body.code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
