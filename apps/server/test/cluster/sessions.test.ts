/**
 * Three standalone instances behind a round-robin proxy, on PostgreSQL and on MariaDB, with Redis:
 * a session made through one instance works on every other; every way of ending sessions, made on
 * one instance, is refused on the very next request to each instance, even to a cookie set whose
 * `session_data` cache was issued before; rate limits count across instances as on one; and an
 * impersonation started on one instance is stopped on another.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../../test/describe-each';
import {
  ADMIN_EMAIL,
  PASSWORD,
  startCluster,
  uniqueEmail,
  type Cluster,
  type ClusterBrowser,
} from '../support/cluster';

const NEW_PASSWORD = 'a different horse battery';
const dialects = inject('redis') ? inject('dialects').filter((d) => d !== 'sqlite') : [];

describeEach('a cluster of three instances', dialects, (dialect) => {
  let cluster: Cluster;
  let admin: Browser;

  beforeAll(async () => {
    // Deletion without a mailed confirmation, so that delete-user ends the sessions at once.
    cluster = await startCluster(dialect, { env: { DELETE_ACCOUNT_VERIFICATION: 'off' } });
    // Listed in LATCHKEY_ADMIN_EMAILS: an admin once the address is verified, by the link its
    // sign-up mailed, followed in the same browser (whose cached user then carries the role).
    admin = (await signedUp(ADMIN_EMAIL)).browser;
    const link = new URL((await cluster.mail.waitFor(ADMIN_EMAIL)).links[0]!);
    const verified = await admin.get(`/verify-email?token=${link.searchParams.get('token')}`);
    expect(verified.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  });

  type Browser = ClusterBrowser;
  const browser = () => cluster.browser();
  const signedUp = (email?: string) => cluster.signedUp(email);

  async function signedIn(email: string, password = PASSWORD): Promise<Browser> {
    const client = browser();
    expect((await client.post('/sign-in/email', { email, password })).status).toBe(200);
    return client;
  }

  /** The browser's cookies after one instance issued their `session_data` cache. */
  async function stolenCookies(victim: Browser): Promise<string> {
    expect(((await (await victim.get('/get-session')).json()) as { user?: unknown }).user).toBeTruthy();
    const cookie = victim.cookie();
    expect(cookie).toContain('session_data=');
    return cookie;
  }

  it('honours on every instance a session made through any', async () => {
    const { browser: client, email } = await signedUp();
    expect(await cluster.sessionOnEachInstance(client.cookie())).toEqual([email, email, email]);
  });

  /** Each way of ending a user's sessions, made through the proxy (so on one of the instances). */
  const revocations: [string, (user: { browser: Browser; userId: string; email: string }) => Promise<void>][] = [
    [
      'sign-out',
      async ({ browser: client }) => {
        expect((await client.post('/sign-out')).status).toBe(200);
      },
    ],
    [
      'revoke-session from another device',
      async ({ browser: client, email }) => {
        const sessions = (await (await client.get('/list-sessions')).json()) as { token: string }[];
        const other = await signedIn(email);
        expect((await other.post('/revoke-session', { token: sessions[0]!.token })).status).toBe(200);
      },
    ],
    [
      'revoke-sessions',
      async ({ browser: client }) => {
        expect((await client.post('/revoke-sessions')).status).toBe(200);
      },
    ],
    [
      'revoke-other-sessions from another device',
      async ({ email }) => {
        const other = await signedIn(email);
        expect((await other.post('/revoke-other-sessions')).status).toBe(200);
      },
    ],
    [
      'change-password from another device, revoking the others',
      async ({ email }) => {
        const other = await signedIn(email);
        const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true };
        expect((await other.post('/change-password', body)).status).toBe(200);
      },
    ],
    [
      'reset-password by the mailed token',
      async ({ email }) => {
        const skip = cluster.mail.to(email).length;
        expect((await browser().post('/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
        const mail = await cluster.mail.waitFor(email, { skip });
        const token = new URL(mail.links[0]!).pathname.split('/').pop();
        expect((await browser().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
      },
    ],
    [
      'a ban by an admin',
      async ({ userId }) => {
        expect((await admin.post('/admin/ban-user', { userId })).status).toBe(200);
      },
    ],
    [
      "an admin's revoke-user-sessions",
      async ({ userId }) => {
        expect((await admin.post('/admin/revoke-user-sessions', { userId })).status).toBe(200);
      },
    ],
    [
      'delete-user',
      async ({ browser: client }) => {
        expect((await client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
      },
    ],
  ];

  it.each(revocations)('refuses on every instance a cached cookie set after %s', async (_name, revoke) => {
    const user = await signedUp();
    const stolen = await stolenCookies(user.browser);
    expect(await cluster.sessionOnEachInstance(stolen)).toEqual([user.email, user.email, user.email]);
    await revoke(user);
    expect(await cluster.sessionOnEachInstance(stolen)).toEqual([null, null, null]);
  });

  it('counts sign-in attempts across the instances exactly as one instance would', async () => {
    const attacker = cluster.browser('198.51.100.44');
    const guess = { email: uniqueEmail('nobody'), password: 'wrong password' };
    const first = cluster.proxy.routed.length;
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await attacker.post('/sign-in/email', guess)).status);
    // The strict rule's 3 attempts in its window, spread over all three instances, then 429s.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429]);
    expect(new Set(cluster.proxy.routed.slice(first))).toEqual(new Set(cluster.instances.map((i) => i.port)));
  });

  it("counts an account's failed sign-ins from several addresses across the instances in one count", async () => {
    const { userId, email } = await signedUp();
    const failures = 9; // below the lockout threshold, so each attempt is answered 401
    for (let i = 0; i < failures; i++)
      expect((await browser().post('/sign-in/email', { email, password: 'wrong password' })).status).toBe(401);
    const redis = new Redis(cluster.redis.url);
    try {
      expect(await redis.get(`latchkey:fail:user:${userId}`)).toBe(String(failures));
      expect(await redis.get(`latchkey:fail:email:${email}`)).toBe(String(failures));
    } finally {
      redis.disconnect();
    }
  });

  it('stops on one instance an impersonation started on another', async () => {
    const { userId, email } = await signedUp();
    const started = await admin.post('/admin/impersonate-user', { userId });
    expect(started.status).toBe(200);
    const startedOn = cluster.proxy.routed.at(-1);
    expect(((await (await admin.get('/get-session')).json()) as { user: { email: string } }).user.email).toBe(email);
    const stopped = await admin.post('/admin/stop-impersonating');
    expect(stopped.status).toBe(200);
    expect(cluster.proxy.routed.at(-1)).not.toBe(startedOn);
    expect(((await (await admin.get('/get-session')).json()) as { user: { email: string } }).user.email).toBe(
      ADMIN_EMAIL,
    );
  });
});
