/**
 * Two standalone processes sharing one SQLite file (docs/operations.md, "Scaling out": supported on one
 * machine, WAL mode with a busy timeout, count-then-act changes taking the write lock first).
 * Raced across the two, the invariants hold as on one process: parallel sign-ups with one e-mail
 * make one user, and two admins demoting each other at once leave one admin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cookieFetch } from '../../../../test/cookie-fetch';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/round-robin-proxy';
import { startStandalone, stopStandalone, type StandaloneProcess } from '../support/standalone-process';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const ADMINS = ['first-admin@example.com', 'second-admin@example.com'];

describe.runIf(inject('dialects').includes('sqlite'))('two processes on one SQLite file', () => {
  let cwd: string;
  let file: string;
  let instances: StandaloneProcess[];
  let proxy: RoundRobinProxy;
  let ip = 0;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-sqlite-'));
    file = join(cwd, 'shared.db');
    const env = {
      DATABASE_URL: file,
      LATCHKEY_SECRET: 'sqlite-processes-secret-sqlite-processes-0',
      BASE_URL: ORIGIN,
      TRUSTED_PROXIES: '127.0.0.1',
      // Demoting another admin takes the role's own permission (the admin plugin's reach rule).
      ADMIN_ROLES: JSON.stringify({ demoter: { user: ['set-role-admins'] } }),
    };
    const first = await startStandalone(cwd, env);
    instances = [first, await startStandalone(cwd, env)];
    proxy = await startRoundRobinProxy(instances.map((instance) => instance.port));
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances ?? []) await stopStandalone(instance);
    rmSync(cwd, { recursive: true, force: true });
  });

  function browser() {
    const jar = cookieFetch(ORIGIN);
    ip += 1;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `198.20.0.${ip}` };
    return (path: string, body: unknown = {}) =>
      jar.fetch(`${proxy.url}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  function rows<T>(sql: string, ...params: unknown[]): T[] {
    const database = new SQLite(file, { readonly: true });
    try {
      return database.prepare(sql).all(...params) as T[];
    } finally {
      database.close();
    }
  }

  /** Writes to the shared file as a third process would (the admins' role, say). */
  function write(sql: string, ...params: unknown[]): void {
    const database = new SQLite(file);
    try {
      database.prepare(sql).run(...params);
    } finally {
      database.close();
    }
  }

  // Guard: the unique index on user.email (packages/server/src/db/migrations/0001-core.ts).
  it('makes one user of parallel sign-ups with one e-mail', async () => {
    const email = 'raced@example.com';
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await browser()('/sign-up/email', { email, password: PASSWORD, name: 'Raced' });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    expect(rows('SELECT id FROM user WHERE email = ?', email)).toHaveLength(1);
  });

  // Guard: changeKeepingAnAdmin's lockedTransaction (plugins/admin/last-admin.ts), whose first write takes
  // SQLite's write lock (packages/server/src/db/locked-transaction.ts) so the other process waits to count.
  it('leaves one admin when two admins demote each other at once', async () => {
    const admins = await Promise.all(
      ADMINS.map(async (email) => {
        const post = browser();
        const response = await post('/sign-up/email', { email, password: PASSWORD, name: 'Admin' });
        expect(response.status).toBe(200);
        return { post, id: ((await response.json()) as { user: { id: string } }).user.id };
      }),
    );
    const [first, second] = admins as [(typeof admins)[0], (typeof admins)[0]];
    // Made admins directly (LATCHKEY_ADMIN_EMAILS would need their addresses verified by mail):
    // the race below is the subject. POST routes read the role from the database.
    write(`UPDATE user SET role = 'admin,demoter' WHERE email IN (?, ?)`, ...ADMINS);
    const answers = await Promise.all([
      first.post('/admin/set-role', { userId: second.id, role: 'user' }),
      second.post('/admin/set-role', { userId: first.id, role: 'user' }),
    ]);
    // One demotion goes through. The other finds its target the last admin (400) or, when the first
    // finished before it was authorised, its own admin role gone (403).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.status !== 200)!;
    expect([
      {
        status: 400,
        code: 'YOU_CANNOT_DEMOTE_BAN_OR_REMOVE_THE_LAST_ADMIN',
        message: 'You cannot demote, ban or remove the last admin',
      },
      {
        status: 403,
        code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
        message: 'You are not allowed to change users role',
      },
    ]).toContainEqual({ status: refused.status, ...((await refused.json()) as object) });
    expect(rows("SELECT id FROM user WHERE role = 'admin,demoter'")).toHaveLength(1);
  });
});
