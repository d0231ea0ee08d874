/**
 * `latchkey seed` run as the real command on each dialect: it migrates an empty database, writes
 * the users with password accounts and the organizations with their members, the seeded users
 * sign in through the engine with the documented password, and a second run goes on numbering
 * where the first stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuth, type Auth } from '@latchkey/server';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { serverPlugins } from '../src/plugins';
import { countRows } from './support/database-tables';
import { runLatchkey } from './support/latchkey-command';

const PASSWORD = 'latchkey-seed-password';
const TABLES = ['user', 'account', 'organization', 'member', 'team', 'teamMember'];
/** SQLite crosses a transaction's worth of statements (10,000 users); the servers, a statement's. */
const USERS = { sqlite: 12_345, postgres: 1_234, mysql: 1_234 };
const ORGS = 7;

describeEach('latchkey seed', inject('dialects'), (dialect) => {
  let database: TestDatabase;
  let cwd: string;
  let auth: Auth | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-cli-seed-'));
  });

  afterAll(async () => {
    await auth?.close();
    await database.drop();
    rmSync(cwd, { recursive: true, force: true });
  });

  const latchkey = (args: string[]) => runLatchkey(args, cwd, { DATABASE_URL: database.url });
  const users = USERS[dialect];

  it('fills an empty database with users, password accounts and organizations with members', async () => {
    const run = await latchkey(['seed', '--users', String(users), '--orgs', String(ORGS)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `Seeded ${users} users (seed-user-1@example.com to seed-user-${users}@example.com, password "${PASSWORD}")`,
    );
    expect(run.stdout).toContain(`and ${ORGS} organizations (seed-org-1 to seed-org-${ORGS})`);
    expect(await countRows(dialect, database.url, TABLES)).toEqual({
      user: users,
      account: users,
      organization: ORGS,
      member: ORGS * 5,
      team: ORGS,
      teamMember: ORGS,
    });
  });

  it('lets a seeded user sign in with the documented password, and see their organizations', async () => {
    auth = createAuth({
      baseURL: 'http://localhost',
      secret: 'cli-seed-test-secret-0123456789abcdef',
      database: { url: database.url },
      plugins: serverPlugins({ adminEmails: [] }),
    });
    const signIn = await auth.api.signInEmail({
      body: { email: `seed-user-${users}@example.com`, password: PASSWORD },
    });
    expect(signIn.user).toMatchObject({ email: `seed-user-${users}@example.com`, emailVerified: true });
    // Over HTTP, for the session cookie: the first user owns the first organization.
    const signInOwner = await auth.handler(
      new Request('http://localhost/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seed-user-1@example.com', password: PASSWORD }),
      }),
    );
    expect(signInOwner.status).toBe(200);
    const cookie = signInOwner.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const list = await auth.handler(
      new Request('http://localhost/api/auth/organization/list', { headers: { cookie } }),
    );
    expect(list.status).toBe(200);
    expect(((await list.json()) as Array<{ slug: string }>).map((o) => o.slug)).toContain('seed-org-1');
    await expect(
      auth.api.signInEmail({ body: { email: 'seed-user-1@example.com', password: 'not the password' } }),
    ).rejects.toThrow();
  });

  it('run again, goes on from the largest seeded number', async () => {
    const run = await latchkey(['seed', '--users', '3']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`seed-user-${users + 1}@example.com to seed-user-${users + 3}@example.com`);
    expect((await countRows(dialect, database.url, ['user'])).user).toBe(users + 3);
  });
});
