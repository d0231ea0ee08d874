/**
 * Two standalone instances behind an imaginary load balancer: one PostgreSQL database, one Redis,
 * one secret. A session made on one is honoured by the other, and the sign-in rate limit counts
 * across both, so a client cannot multiply its attempts by spreading them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { cookieFetch } from '../../../test/cookie-fetch';
import { REDIS_URL } from '../../../test/services';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const available = inject('redis') && inject('dialects').includes('postgres');

describe.runIf(available)('two standalone instances sharing PostgreSQL and Redis', () => {
  let cwd: string;
  let database: TestDatabase;
  let a: StandaloneProcess;
  let b: StandaloneProcess;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-scale-'));
    database = await createTestDatabase('postgres');
    // A Redis database of this suite's own, emptied so counts from an earlier run do not carry over.
    const redisUrl = `${REDIS_URL.replace(/\/\d+$/, '')}/14`;
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    await redis.quit();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      RATE_LIMIT: 'on',
      LATCHKEY_SECRET: 'scale-out-secret-scale-out-secret-0123456',
      BASE_URL: 'http://localhost:3000',
    };
    // One at a time: both migrate at start, and the second must find the work done.
    a = await startStandalone(cwd, env);
    b = await startStandalone(cwd, env);
  });

  afterAll(async () => {
    await stopStandalone(a);
    await stopStandalone(b);
    await database?.drop();
    rmSync(cwd, { recursive: true, force: true });
  });

  // The load balancer's site: both instances are on one host, so a browser sends its cookies to either.
  const origin = 'http://localhost:3000';

  it('honours on one instance the session created on the other', async () => {
    const browser = cookieFetch(origin);
    const signUp = await browser.postJson(`${a.url}/api/auth/sign-up/email`, {
      name: 'Scale',
      email: 'scale@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    const session = await browser.fetch(`${b.url}/api/auth/get-session?disableCookieCache=true`);
    expect((await session.json()).user.email).toBe('scale@example.com');
  });

  it('counts sign-in attempts from one client across both instances', async () => {
    const browser = cookieFetch(origin);
    const body = { email: 'nobody@example.com', password: 'wrong password' };
    const statuses = [];
    for (const server of [a, b, a, b])
      statuses.push((await browser.postJson(`${server.url}/api/auth/sign-in/email`, body)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
