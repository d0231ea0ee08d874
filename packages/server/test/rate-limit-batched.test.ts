/**
 * The ordinary rate limit with Redis (issue #33): counted in memory and shared in batches, so a
 * get-session answered from the cookie cache waits on no Redis round trip, while instances still
 * learn each other's counts within one batch (storage/batched-counts.ts).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDIS_URL } from '../../../test/services';
import { createRedisStore, type RedisStore } from '../src';
import { createHarness, TestClient, uniqueEmail } from './support/harness';

const prefix = () => `latchkey-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;

/** Waits until Redis answers, so that no first count falls back to memory on a slow start. */
async function connected(store: RedisStore): Promise<RedisStore> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await store.ping();
      return store;
    } catch (error) {
      if (attempt === 20) throw error;
    }
  }
}

describe.runIf(inject('redis'))('the ordinary rate limit on Redis', () => {
  const keyPrefix = prefix();
  let store: RedisStore;
  let monitor: Redis;
  /** Every command Redis ran for this file's keys, whoever sent it. */
  const commands: string[][] = [];
  beforeAll(async () => {
    store = await connected(createRedisStore(REDIS_URL, { prefix: keyPrefix }));
    monitor = await new Redis(REDIS_URL).monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      // Lua's own calls are counted as the one EVAL that ran them: one round trip.
      if (source !== 'lua' && args.some((arg) => arg.startsWith(keyPrefix))) commands.push(args);
    });
  });
  afterAll(async () => {
    monitor?.disconnect();
    await store?.close();
  });

  it('answers get-session from the cookie cache with at most 0.05 Redis commands per request', async () => {
    const h = await createHarness('sqlite', { rateLimit: { enabled: true }, storage: store });
    try {
      const { client } = await h.signUp(uniqueEmail('hot-path'));
      const browsers = Array.from(
        { length: 20 },
        (_, i) => new TestClient(h.auth, `198.51.100.${i + 1}`, client.cookies),
      );
      // A running count starts once the session is made: sign-up's own strict count is not the hot path.
      await h.auth.context.rateCounts!.flush();
      const before = commands.length;
      for (let i = 0; i < 1000; i++) {
        const response = await browsers[i % 20]!.get('/get-session');
        expect(response.status).toBe(200);
        expect(response.body.user.email).toMatch(/^hot-path/);
      }
      await h.auth.context.rateCounts!.flush();
      // The MONITOR stream trails the commands a little.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const sent = commands.length - before;
      expect(sent).toBeGreaterThan(0);
      expect(sent / 1000).toBeLessThanOrEqual(0.05);
    } finally {
      await h.close();
    }
  });

  it('refuses the 101st request of a window on one instance, exactly as in memory', async () => {
    const h = await createHarness('sqlite', { rateLimit: { enabled: true }, storage: store });
    try {
      const client = h.client('198.51.100.101');
      for (let i = 0; i < 100; i++) expect((await client.get('/ok')).status, `request ${i + 1}`).toBe(200);
      const refused = await client.get('/ok');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.headers.get('x-retry-after')).toMatch(/^\d+$/);
    } finally {
      await h.close();
    }
  });

  it("counts across instances: one learns another's count with its next batch", async () => {
    const options = { rateLimit: { enabled: true, window: 60, max: 20 }, storage: store };
    const a = await createHarness('sqlite', options);
    const b = await createHarness('sqlite', options);
    try {
      const onA = a.client('198.51.100.102');
      const onB = b.client('198.51.100.102');
      for (let i = 0; i < 15; i++) expect((await onA.get('/ok')).status).toBe(200);
      await a.auth.context.rateCounts!.flush();
      // B's first request is decided before B has heard of A's fifteen; its batch answers 16.
      expect((await onB.get('/ok')).status).toBe(200);
      await b.auth.context.rateCounts!.flush();
      for (let i = 0; i < 4; i++) expect((await onB.get('/ok')).status, `on B, overall ${17 + i}`).toBe(200);
      const refused = await onB.get('/ok');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      await b.auth.context.rateCounts!.flush();
      // A, once its next batch has told it the 21 (B's refusal counts too), refuses as well.
      expect((await onA.get('/ok')).status).toBe(200);
      await a.auth.context.rateCounts!.flush();
      expect((await onA.get('/ok')).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sends nothing for the strict tier through the batch: sign-in is counted at Redis, exactly, at once', async () => {
    const options = { rateLimit: { enabled: true }, storage: store };
    const a = await createHarness('sqlite', options);
    const b = await createHarness('sqlite', options);
    try {
      const body = { email: uniqueEmail(), password: 'wrong password' };
      const onA = new TestClient(a.auth, '198.51.100.103');
      const onB = new TestClient(b.auth, '198.51.100.103');
      expect((await onA.post('/sign-in/email', body)).status).toBe(401);
      expect((await onB.post('/sign-in/email', body)).status).toBe(401);
      expect((await onA.post('/sign-in/email', body)).status).toBe(401);
      expect((await onB.post('/sign-in/email', body)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
