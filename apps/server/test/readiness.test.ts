/**
 * `/readyz`'s checks against real databases of each dialect: a database without this version's
 * migrations is not ready, the same one migrated is; an unreachable database or Redis is named as
 * such, and a check that hangs gives up in time. Beside them, the other probe the server reads
 * from the auth: its pool's occupancy, for the metrics.
 */
import { createAuth, createRedisStore, type Auth } from '@latchkey/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { freePort } from '../../../test/free-port';
import { REDIS_URL } from '../../../test/services';
import { checkReadiness } from '../src/readiness';

const quiet = { info() {}, warn() {}, error() {} };

function authOn(url: string): Auth {
  return createAuth({
    baseURL: 'http://localhost:3000',
    secret: 'readiness-secret-readiness-secret-0123',
    database: { url },
    logger: quiet,
    prune: { enabled: false },
  });
}

for (const dialect of inject('dialects')) {
  describe(`readiness [${dialect}]`, () => {
    let database: TestDatabase;
    let auth: Auth;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      auth = authOn(database.url);
    });

    afterAll(async () => {
      await auth?.close();
      await database?.drop();
    });

    it('is not ready on a database without the migrations, naming them, and ready once they ran', async () => {
      const before = await checkReadiness({ pendingMigrations: () => auth.pendingMigrations() });
      expect(before.ready).toBe(false);
      expect(before.checks).toEqual({ database: 'ok', migrations: expect.stringMatching(/^pending: 0001-core, /) });
      await auth.migrate();
      const after = await checkReadiness({ pendingMigrations: () => auth.pendingMigrations() });
      expect(after).toMatchObject({ ready: true, checks: { database: 'ok', migrations: 'ok' } });
    });

    it(
      dialect === 'sqlite' ? 'reports no pool, SQLite having none' : 'reports its pool, with the connections it opened',
      () => {
        const stats = auth.poolStats();
        if (dialect === 'sqlite') return void expect(stats).toBeUndefined();
        expect(stats).toMatchObject({ max: 10, waiting: 0 });
        expect(stats!.total).toBeGreaterThanOrEqual(1);
        expect(stats!.idle).toBeLessThanOrEqual(stats!.total);
      },
    );
  });
}

describe('readiness of what cannot be reached', () => {
  it('names an unreachable database without its error message', async () => {
    const port = await freePort();
    const auth = authOn(`postgres://latchkey:hunter2@127.0.0.1:${port}/nowhere`);
    try {
      const result = await checkReadiness({ pendingMigrations: () => auth.pendingMigrations() });
      expect(result.ready).toBe(false);
      expect(result.checks).toEqual({ database: 'unreachable', migrations: 'unknown' });
      expect(JSON.stringify(result.checks)).not.toContain('hunter2');
    } finally {
      await auth.close();
    }
  });

  it('gives up on a check that does not answer in time', async () => {
    const started = performance.now();
    const result = await checkReadiness({ pendingMigrations: () => new Promise(() => {}) }, 50);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.checks).toEqual({ database: 'timed out', migrations: 'unknown' });
  });

  it.runIf(inject('redis'))(
    'checks Redis when it is configured: ready when it answers, not when it is away',
    async () => {
      const migrated = { pendingMigrations: async () => [] };
      const up = createRedisStore(REDIS_URL);
      const down = createRedisStore(`redis://127.0.0.1:${await freePort()}`);
      try {
        expect(await checkReadiness({ ...migrated, pingRedis: () => up.ping() })).toMatchObject({
          ready: true,
          checks: { database: 'ok', migrations: 'ok', redis: 'ok' },
        });
        const away = await checkReadiness({ ...migrated, pingRedis: () => down.ping() });
        expect(away.ready).toBe(false);
        expect(away.checks.redis).toBe('unreachable');
      } finally {
        await up.close();
        await down.close();
      }
    },
  );
});
