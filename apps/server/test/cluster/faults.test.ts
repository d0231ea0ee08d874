/**
 * Faults under load in a cluster of three instances behind the round-robin proxy: one instance is
 * stopped with SIGTERM (it finishes what it has, and the others serve everything meanwhile), and
 * Redis stops and comes back (sign-in and sessions go on from the database, limits count per
 * instance with the outage logged, and revocations reach every instance again once it is back).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../../test/describe-each';
import { CLUSTER_ORIGIN, startCluster, uniqueEmail, type Cluster } from '../support/cluster';

const dialects = inject('redis') ? inject('dialects').filter((d) => d !== 'sqlite') : [];

describeEach('faults in a cluster of three instances', dialects, (dialect) => {
  let cluster: Cluster;

  beforeAll(async () => {
    // At info level: the feed says when it listens again.
    cluster = await startCluster(dialect, { env: { LOG_LEVEL: 'info' } });
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  });

  /**
   * Session reads through the proxy by `clients` browsers, each waiting `pauseMs` between its
   * requests (so a long load stays under the per-address limit), until `until` resolves: how many
   * were answered (counted in `progress` as they come), and each failed one's status and body.
   */
  async function load(clients: number, until: Promise<unknown>, pauseMs = 0, progress = { answered: 0 }) {
    const browsers = await Promise.all(Array.from({ length: clients }, () => cluster.signedUp()));
    const failures: string[] = [];
    let done = false;
    void until.then(() => (done = true));
    await Promise.all(
      browsers.map(async ({ browser: client }) => {
        while (!done) {
          const response = await client.get('/get-session?disableCookieCache=true');
          progress.answered += 1;
          if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
          // Not a sleep-and-hope: the pause spaces one browser's requests out, to stay under the limit.
          if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      }),
    );
    return { answered: progress.answered, failures };
  }

  it('goes on through a Redis outage and shares revocations again once Redis is back', async () => {
    const before = await cluster.signedUp();
    let outageOver!: () => void;
    const progress = { answered: 0 };
    const background = load(4, new Promise<void>((resolve) => (outageOver = resolve)), 200, progress);
    await cluster.redis.stop();
    const started = Date.now();
    // Sign-in and session reads go on, from the database.
    const during = await cluster.signedUp();
    expect((await (await during.browser.get('/get-session')).json()) as unknown).toMatchObject({
      user: { email: during.email },
    });
    expect(await cluster.sessionOnEachInstance(before.browser.cookie())).toEqual(Array(3).fill(before.email));
    // Limits still hold, per instance: the strict rule's 3 sign-ins per window on each of the 3.
    const guess = JSON.stringify({ email: uniqueEmail(), password: 'wrong password' });
    for (const instance of cluster.instances) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: CLUSTER_ORIGIN, 'x-forwarded-for': '198.51.100.9' },
          body: guess,
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const instance of cluster.instances) expect(instance.stdout()).toContain('Redis is unreachable');

    await cluster.redis.start();
    await expect
      .poll(
        () => cluster.instances.every((instance) => instance.stdout().includes('Revocation feed: listening again')),
        { timeout: 10_000 },
      )
      .toBe(true);
    // However quickly the steps above went, the reads have gone on through the outage and after it.
    await expect.poll(() => progress.answered, { timeout: 10_000 }).toBeGreaterThan(10);
    outageOver();
    const { answered, failures } = await background;
    expect(answered).toBeGreaterThan(10);
    expect(failures).toEqual([]);
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
    const progress = { answered: 0 };
    const statuses = load(6, stopping, 0, progress);
    // The load is under way (requests answered, more in flight) when the instance is told to stop.
    await expect.poll(() => progress.answered, { timeout: 10_000 }).toBeGreaterThan(10);
    leaving.child.kill('SIGTERM');
    expect(await leaving.exited).toBe(0);
    // The others serve a while on their own.
    const atExit = progress.answered;
    await expect.poll(() => progress.answered, { timeout: 10_000 }).toBeGreaterThan(atExit + 10);
    stopped();
    const { answered, failures } = await statuses;
    expect(answered).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect(leaving.stdout()).toContain('Stopped');
  });
});
