/**
 * Two instances on one database and one Redis, as behind a load balancer: a session ended on one
 * is refused at once by the other, even to a cookie set whose `session_data` cache the other issued
 * before (the Redis revocation feed, session/revocations.ts). A session nobody ended is still
 * answered from the cache, without the database.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { REDIS_URL } from '../../../test/services';
import { createAuth, createRedisRevocationFeed, type Auth, type RedisRevocationFeed } from '../src';
import { authInternalsForTests } from '../src/testing';
import { BASE_URL, SECRET, TestClient, uniqueEmail } from './support/harness';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { whenFeedsTrusted } from './support/trusted-feeds';

const PASSWORD = 'correct horse battery';

describeEach('revocations reach every instance through Redis', inject('redis') ? inject('dialects') : [], (dialect) => {
  let database: TestDatabase;
  const feeds: RedisRevocationFeed[] = [];
  let a: Auth;
  let b: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const channel = `latchkey-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const instance = () => {
      const feed = createRedisRevocationFeed(REDIS_URL, { channel });
      feeds.push(feed);
      return createAuth({ baseURL: BASE_URL, secret: SECRET, database: { url: database.url }, revocationFeed: feed });
    };
    a = instance();
    b = instance();
    await a.migrate();
    await whenFeedsTrusted(feeds);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), ...feeds.map((feed) => feed.close())]);
    await database?.drop();
  });

  /** One browser signed in through `a` whose requests the load balancer may send to either. */
  async function browser(): Promise<{ onA: TestClient; onB: TestClient; email: string }> {
    const email = uniqueEmail();
    const onA = new TestClient(a);
    expect((await onA.post('/sign-up/email', { email, password: PASSWORD, name: 'Feed' })).status).toBe(200);
    return { onA, onB: new TestClient(b, undefined, onA.cookies), email };
  }

  /** A copy of the browser's cookies, with the cache its instance issues now, replayed to `target`. */
  async function stealCookies(client: TestClient, target: Auth): Promise<TestClient> {
    expect((await client.get('/get-session')).body.user).toBeTruthy();
    const thief = new TestClient(target, '198.51.100.66');
    for (const [name, value] of client.cookies) thief.cookies.set(name, value);
    return thief;
  }

  it('answers from the cache another instance issued while nobody revoked the session', async () => {
    const { onB } = await browser();
    await stealCookies(onB, b);
    // Gone from the database behind both instances' backs: only a cache hit can still answer.
    const { db } = authInternalsForTests(a);
    const user = (await onB.get('/get-session')).body.user;
    await db.deleteFrom('session').where('userId', '=', user.id).execute();
    expect((await onB.get('/get-session')).body.user.id).toBe(user.id);
  });

  it('refuses, on one instance, a cache it issued for a session signed out on the other', async () => {
    const { onA, onB } = await browser();
    const thief = await stealCookies(onB, b);
    expect((await onA.post('/sign-out')).status).toBe(200);
    const replay = await thief.get('/get-session');
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('null');
  });

  it("refuses the other devices' caches after revoke-other-sessions on the other instance", async () => {
    const { onA, email } = await browser();
    const thief = await stealCookies(onA, a);
    const phone = new TestClient(b);
    expect((await phone.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await phone.post('/revoke-other-sessions')).status).toBe(200);
    expect((await thief.get('/get-session')).text).toBe('null');
    // The device that revoked keeps its session, on either instance.
    expect((await new TestClient(a, undefined, phone.cookies).get('/get-session')).body.user.email).toBe(email);
  });
});

describe('with the revocation feed unreachable', () => {
  let database: TestDatabase;
  let auth: Auth;
  let feed: RedisRevocationFeed;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Nothing listens on port 1: the feed never goes live.
    feed = createRedisRevocationFeed('redis://127.0.0.1:1', { logger: { info() {}, warn() {}, error() {} } });
    auth = createAuth({ baseURL: BASE_URL, secret: SECRET, database: { url: database.url }, revocationFeed: feed });
    await auth.migrate();
  });

  afterAll(async () => {
    await auth?.close();
    await feed?.close();
    await database?.drop();
  });

  it('reads every session from the database, and signs out without waiting on Redis', async () => {
    const client = new TestClient(auth);
    const email = uniqueEmail();
    expect((await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Offline' })).status).toBe(200);
    const thief = new TestClient(auth, '198.51.100.66');
    for (const [name, value] of client.cookies) thief.cookies.set(name, value);
    expect((await thief.get('/get-session')).body.user.email).toBe(email);
    // A cache the feed cannot vouch for is not believed: the row's deletion shows at once.
    const { db } = authInternalsForTests(auth);
    await db.deleteFrom('session').execute();
    expect((await thief.get('/get-session')).text).toBe('null');
    const again = new TestClient(auth);
    expect((await again.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    // The revocation is not queued for a Redis that is away: sign-out answers at once, not on a timeout.
    const started = Date.now();
    expect((await again.post('/sign-out')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
