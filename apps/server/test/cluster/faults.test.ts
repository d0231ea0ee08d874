/**
 * Faults under load in a cluster of three instances behind the round-robin proxy: one instance is
 * stopped with SIGTERM (it finishes what it has, and the others serve everything meanwhile), and
 * Redis stops and comes back (sign-in and sessions go on from the database, limits count per
 * instance with the outage logged, and revocations reach every instance again once it is back).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCluster, uniqueEmail, type Cluster } from '../support/cluster';

const dialects = inject('redis') ? inject('dialects').filter((d) => d !== 'sqlite') : [];

for (const dialect of dialects) {
  describe(`faults in a cluster of three instances [${dialect}]`, () => {
    let cluster: Cluster;

    beforeAll(async () => {
      // At info level: the feed says when it listens again.
      cluster = await startCluster(dialect, { env: { LOG_LEVEL: 'info' } });
    }, 60_000);

    afterAll(async () => {
      await cluster?.close();
    });

    /** Session reads through the proxy by `clients` browsers until `stop` resolves; every status. */
    async function load(clients: number, until: Promise<unknown>): Promise<number[]> {
      const browsers = await Promise.all(Array.from({ length: clients }, () => cluster.signedUp()));
      const statuses: number[] = [];
      let done = false;
      void until.then(() => (done = true));
      await Promise.all(
        browsers.map(async ({ browser: client }) => {
          while (!done) statuses.push((await client.get('/get-session?disableCookieCache=true')).status);
        }),
      );
      return statuses;
    }

    it('goes on through a Redis outage and shares revocations again once Redis is back', async () => {
      const before = await cluster.signedUp();
      await cluster.redis.stop();
      const started = Date.now();
      // Sign-in and session reads go on, from the database.
      const during = await cluster.signedUp();
      expect((await (await during.browser.get('/get-session')).json()) as unknown).toMatchObject({
        user: { email: during.email },
      });
      expect(await cluster.sessionOnEachInstance(before.browser.cookie())).toEqual(Array(3).fill(before.email));
      // Limits still hold, per instance: the strict rule's 3 sign-ins per window on each of the 3.
      const attacker = cluster.browser();
      const guess = { email: uniqueEmail(), password: 'wrong password' };
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attacker.post('/sign-in/email', guess)).status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(9);
      expect(statuses.slice(9)).toEqual([429, 429, 429]);
      expect(Date.now() - started).toBeLessThan(15_000);
      for (const instance of cluster.instances) expect(instance.stdout()).toContain('Redis is unreachable');

      await cluster.redis.start();
      await expect
        .poll(
          () => cluster.instances.every((instance) => instance.stdout().includes('Revocation feed: listening again')),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      const after = await cluster.signedUp();
      const stolen = after.browser.cookie();
      expect(await cluster.sessionOnEachInstance(stolen)).toEqual(Array(3).fill(after.email));
      expect((await after.browser.post('/sign-out')).status).toBe(200);
      expect(await cluster.sessionOnEachInstance(stolen)).toEqual([null, null, null]);
    });

    it('loses no request while one instance stops on SIGTERM under load', async () => {
      const leaving = cluster.instances[1]!;
      let stopped!: () => void;
      const stopping = new Promise<void>((resolve) => (stopped = resolve));
      const statuses = load(6, stopping);
      await new Promise((resolve) => setTimeout(resolve, 500));
      leaving.child.kill('SIGTERM');
      expect(await leaving.exited).toBe(0);
      // The others serve for a while on their own.
      await new Promise((resolve) => setTimeout(resolve, 500));
      stopped();
      const answered = await statuses;
      expect(answered.length).toBeGreaterThan(20);
      expect(answered.filter((status) => status !== 200)).toEqual([]);
      expect(leaving.stdout()).toContain('Stopped');
    });
  });
}
