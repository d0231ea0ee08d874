/**
 * The background prune job (SPEC §4: expired sessions are removed): a pass deletes expired
 * sessions and OAuth states, and other verification values a week after they expired, batch by
 * batch, and keeps every row still in its time; what the API answers for an expired row is the
 * same before and after. Two instances pruning one database at once raise no error, and
 * `close()` lets the batch in flight finish before the database closes.
 */
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { createAuth, type Auth } from '../src';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { DEFAULTS } from '../src/auth/options';
import { authInternalsForTests, pruneJobForTests } from '../src/testing';
import { issueToken } from '../src/verification/one-time-token';
import { BASE_URL, SECRET, createClock, describeEachDialect } from './support/harness';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const BATCH = 10;
const DAY = 86_400;

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** `count` sessions of `userId` expiring `expiresIn` seconds from `now` (negative: already expired). */
async function insertSessions(db: Kysely<Database>, userId: string, now: Date, expiresIn: number, count: number) {
  const expiresAt = new Date(now.getTime() + expiresIn * 1000);
  const rows = Array.from({ length: count }, () => {
    const id = nextId('s');
    return { id, token: id, userId, expiresAt, createdAt: now, updatedAt: now, ipAddress: null, userAgent: null };
  });
  await db.insertInto('session').values(rows).execute();
  return rows.map((row) => row.id);
}

async function insertVerifications(db: Kysely<Database>, purpose: string, now: Date, expiresIn: number, count: number) {
  const expiresAt = new Date(now.getTime() + expiresIn * 1000);
  const rows = Array.from({ length: count }, () => {
    const id = nextId('v');
    return { id, identifier: `${purpose}:${id}`, value: 'x', expiresAt, createdAt: now, updatedAt: now, nonce: null };
  });
  await db.insertInto('verification').values(rows).execute();
  return rows.map((row) => row.id);
}

async function remaining(db: Kysely<Database>, table: 'session' | 'verification', ids: string[]): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDialect(
  'the prune job',
  (h) => {
    const db = () => h().auth.context.db;
    const runPass = () => pruneJobForTests(h().auth).runPass();

    it('deletes expired sessions batch by batch and keeps those still in their time', async () => {
      const { user } = await h().signUp();
      const now = h().clock.now();
      const expired = await insertSessions(db(), user.id, now, -1, 3 * BATCH + 5);
      const live = await insertSessions(db(), user.id, now, 60, 3);

      const deleted = await runPass();
      // One statement deletes at most BATCH rows: all of them took several.
      expect(deleted.session).toBeGreaterThanOrEqual(3 * BATCH + 5);
      expect(await remaining(db(), 'session', expired)).toBe(0);
      expect(await remaining(db(), 'session', live)).toBe(3);
    });

    it('keeps a session up to the very moment it expires, and deletes it once that has passed', async () => {
      const { user } = await h().signUp();
      const [session] = await insertSessions(db(), user.id, h().clock.now(), 0, 1);
      await runPass();
      // Expired exactly now is not yet "before now": the same boundary get-session reads with.
      expect(await remaining(db(), 'session', [session!])).toBe(1);
      h().clock.advance(1);
      await runPass();
      expect(await remaining(db(), 'session', [session!])).toBe(0);
    });

    it('deletes OAuth states as soon as they expire, other verification values a week after, and keeps the rest', async () => {
      const now = h().clock.now();
      const expiredStates = await insertVerifications(db(), 'oauth-state', now, -1, 2 * BATCH + 1);
      const liveStates = await insertVerifications(db(), 'oauth-state', now, 600, 2);
      const recentlyExpired = await insertVerifications(db(), 'reset-password', now, -DAY, 2);
      const longExpired = await insertVerifications(
        db(),
        'reset-password',
        now,
        -DEFAULTS.verificationKeepAfterExpiry - 1,
        BATCH + 1,
      );

      const deleted = await runPass();
      expect(deleted.verification).toBeGreaterThanOrEqual(3 * BATCH + 2);
      expect(await remaining(db(), 'verification', expiredStates)).toBe(0);
      expect(await remaining(db(), 'verification', longExpired)).toBe(0);
      expect(await remaining(db(), 'verification', liveStates)).toBe(2);
      expect(await remaining(db(), 'verification', recentlyExpired)).toBe(2);
    });

    it('leaves a mailed link that expired answering 400 TOKEN_EXPIRED for a week, and 401 INVALID_TOKEN once pruned after it', async () => {
      const { user } = await h().signUp();
      const token = await issueToken(
        h().auth.context,
        'email-verification',
        { userId: user.id, data: user.email },
        { expiresIn: 3600 },
      );
      const verify = () => h().client().get(`/verify-email?token=${token}`);
      h().clock.advance(3601);
      await runPass();
      expect((await verify()).body).toEqual({ code: 'TOKEN_EXPIRED', message: 'Token expired' });

      // The answer above deleted the row, as a lookup of an expired token does; a new one is pruned.
      const late = await issueToken(h().auth.context, 'email-verification', { userId: user.id }, { expiresIn: 3600 });
      h().clock.advance(3600 + DEFAULTS.verificationKeepAfterExpiry + 1);
      await runPass();
      const response = await h().client().get(`/verify-email?token=${late}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    });

    it('answers get-session for an expired session with null before and after the prune', async () => {
      const { client } = await h().signUp();
      h().clock.advance(DEFAULTS.sessionExpiresIn + 1);
      expect((await client.get('/get-session?disableCookieCache=true')).body).toBeNull();
      await runPass();
      expect((await client.get('/get-session?disableCookieCache=true')).body).toBeNull();
    });
  },
  { prune: { enabled: false, batchSize: BATCH } },
);

describeEach('two instances pruning one database', inject('dialects'), (dialect) => {
  let database: TestDatabase;
  let first: Auth;
  let second: Auth;
  const clock = createClock();
  const errors: unknown[] = [];
  const open = () =>
    createAuth({
      baseURL: BASE_URL,
      secret: SECRET,
      database: { url: database.url },
      now: clock.now,
      prune: { enabled: false, batchSize: 50 },
      logger: { info() {}, warn() {}, error: (obj) => void errors.push(obj) },
    });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    first = open();
    await first.migrate();
    second = open();
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  // Two instances are two connections, on SQLite too (busy timeout). Guard: deleteExpiredBatch counts only the rows
  // its own statement deleted (maintenance/delete-expired.ts), so the two counts add up to the rows there were.
  it('delete every expired row between them without an error', async () => {
    const context = authInternalsForTests(first);
    const signedUp = await first.api.signUpEmail({
      body: { email: 'racer@example.com', password: 'correct horse battery', name: 'R' },
    });
    const expired = await insertSessions(context.db, signedUp.user.id, clock.now(), -1, 2000);

    const [a, b] = await Promise.all([pruneJobForTests(first).runPass(), pruneJobForTests(second).runPass()]);
    expect(a.session! + b.session!).toBe(2000);
    expect(await remaining(context.db, 'session', expired)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describeEach('closing while a pass runs', inject('dialects'), (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('lets the batch in flight finish, starts no other, and then closes the database', async () => {
    const clock = createClock();
    const open = () =>
      createAuth({
        baseURL: BASE_URL,
        secret: SECRET,
        database: { url: database.url },
        now: clock.now,
        prune: { enabled: false, batchSize: 100 },
        logger: { info() {}, warn() {}, error() {} },
      });
    const auth = open();
    await auth.migrate();
    const signedUp = await auth.api.signUpEmail({
      body: { email: 'closer@example.com', password: 'correct horse battery', name: 'C' },
    });
    const expired = await insertSessions(authInternalsForTests(auth).db, signedUp.user.id, clock.now(), -1, 1000);

    const order: string[] = [];
    const pass = pruneJobForTests(auth)
      .runPass()
      .then((deleted) => {
        order.push('pass');
        return deleted;
      });
    await auth.close().then(() => order.push('closed'));
    expect(order).toEqual(['pass', 'closed']);
    expect((await pass).session).toBe(100);

    const reopened = open();
    expect(await remaining(authInternalsForTests(reopened).db, 'session', expired)).toBe(900);
    await reopened.close();
  });
});

describeEach('the scheduled job', inject('dialects').slice(0, 1), (dialect) => {
  let database: TestDatabase;
  let auth: Auth;
  const clock = createClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    auth = createAuth({
      baseURL: BASE_URL,
      secret: SECRET,
      database: { url: database.url },
      now: clock.now,
      prune: { intervalSeconds: 0.05 },
      logger: { info() {}, warn() {}, error() {} },
    });
    await auth.migrate();
  });

  afterAll(async () => {
    await auth?.close();
    await database?.drop();
  });

  it('deletes expired sessions by itself, pass after pass', async () => {
    const context = authInternalsForTests(auth);
    const signedUp = await auth.api.signUpEmail({
      body: { email: 'scheduled@example.com', password: 'correct horse battery', name: 'S' },
    });
    for (let round = 0; round < 2; round++) {
      const expired = await insertSessions(context.db, signedUp.user.id, clock.now(), -1, 5);
      await vi.waitFor(async () => expect(await remaining(context.db, 'session', expired)).toBe(0), {
        timeout: 10_000,
      });
    }
  });
});
