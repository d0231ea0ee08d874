import { afterAll, describe, expect, inject, it } from 'vitest';
import { REDIS_URL } from '../../../test/services';
import { createRedisStore } from '../src';
import { createHarness, TestClient, uniqueEmail } from './support/harness';

const prefix = () => `latchkey-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;

describe.runIf(inject('redis'))('Redis key-value store', () => {
  const store = createRedisStore(REDIS_URL, { prefix: prefix() });
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

  it('counts atomically under parallel increments', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment('p', 60_000, Date.now())));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
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
