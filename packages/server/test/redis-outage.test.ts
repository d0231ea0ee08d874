/**
 * Redis stops under two instances and comes back (a Redis of this suite's own, killed as a crash
 * would). Meanwhile sign-in and session reads go on from the database, rate limits count per
 * instance (logged once, never switched off), no cache is believed since no revocation can reach
 * the instances, and no request waits long on the Redis that is away. Once it is back, counters are
 * shared again and caches issued from then on are believed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRedisProcess, type RedisProcess } from '../../../test/redis-process';
import {
  createAuth,
  createRedisRevocationFeed,
  createRedisStore,
  type Auth,
  type Logger,
  type RedisRevocationFeed,
  type RedisStore,
} from '../src';
import { authInternalsForTests } from '../src/testing';
import { BASE_URL, SECRET, TestClient, uniqueEmail } from './support/harness';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { whenFeedsTrusted } from './support/trusted-feeds';

const PASSWORD = 'correct horse battery';

/** A logger that keeps what it is told, to assert an outage is reported once and its end too. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (_obj: object, msg?: string) => void lines.push(msg ?? '');
  return { lines, info: keep, warn: keep, error: keep };
}

describe.runIf(inject('redis'))('while Redis is away', () => {
  let redis: RedisProcess;
  let database: TestDatabase;
  const logger = recordingLogger();
  const closers: (() => Promise<void>)[] = [];
  let stores: RedisStore[];
  let feeds: RedisRevocationFeed[];
  let a: Auth;
  let b: Auth;

  beforeAll(async () => {
    redis = await startRedisProcess();
    database = await createTestDatabase('sqlite');
    stores = [0, 1].map(() => createRedisStore(redis.url, { logger }));
    feeds = [0, 1].map(() => createRedisRevocationFeed(redis.url, { logger }));
    [a, b] = [0, 1].map((i) =>
      createAuth({
        baseURL: BASE_URL,
        secret: SECRET,
        database: { url: database.url },
        storage: stores[i],
        revocationFeed: feeds[i],
        rateLimit: { enabled: true },
      }),
    ) as [Auth, Auth];
    await a.migrate();
    await Promise.all(feeds.map((feed) => feed.whenLive()));
    closers.push(
      () => a.close(),
      () => b.close(),
      ...[...stores, ...feeds].map((closable) => () => closable.close()),
    );
  });

  afterAll(async () => {
    for (const close of closers) await close();
    await redis?.stop();
    await database?.drop();
  });

  it('signs in and reads sessions from the database, believes no cache, and counts per instance', async () => {
    const email = uniqueEmail();
    const browser = new TestClient(a);
    expect((await browser.post('/sign-up/email', { email, password: PASSWORD, name: 'Outage' })).status).toBe(200);
    const onB = new TestClient(b, undefined, browser.cookies);
    expect((await onB.get('/get-session')).body.user.email).toBe(email);

    await redis.stop();
    const started = Date.now();
    const signIn = await new TestClient(b).post('/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    // The cache B issued before the outage is not believed: the row's deletion shows at once.
    expect((await onB.get('/get-session')).body.user.email).toBe(email);
    await authInternalsForTests(a).db.deleteFrom('session').execute();
    expect((await onB.get('/get-session')).text).toBe('null');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(logger.lines.filter((line) => line.startsWith('Redis is unreachable'))).toHaveLength(1);

    // Each instance now limits on its own: the strict rule's three attempts, then 429, on each.
    const guess = { email: uniqueEmail('nobody'), password: 'wrong password' };
    for (const instance of [a, b]) {
      const statuses = [];
      const attacker = new TestClient(instance, '198.51.100.20');
      for (let i = 0; i < 4; i++) statuses.push((await attacker.post('/sign-in/email', guess)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
  });

  it('shares counters and believes fresh caches again once Redis is back', async () => {
    await redis.start();
    await whenFeedsTrusted(feeds);
    const guess = { email: uniqueEmail('nobody'), password: 'wrong password' };
    const statuses = [];
    for (const instance of [a, b, a, b])
      statuses.push((await new TestClient(instance, '198.51.100.21').post('/sign-in/email', guess)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(logger.lines).toContain('Redis is back: counters are shared again');

    const email = uniqueEmail();
    const browser = new TestClient(a);
    expect((await browser.post('/sign-up/email', { email, password: PASSWORD, name: 'Back' })).status).toBe(200);
    const onB = new TestClient(b, undefined, browser.cookies);
    expect((await onB.get('/get-session')).body.user.email).toBe(email);
    await authInternalsForTests(a).db.deleteFrom('session').execute();
    // Believed from the cache (no revocation was made): the feed vouches for caches again.
    expect((await onB.get('/get-session')).body.user.email).toBe(email);
  });
});
