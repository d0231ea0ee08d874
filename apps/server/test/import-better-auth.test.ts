/**
 * `latchkey import-better-auth`: a database made by better-auth 1.7 itself, moved into a fresh
 * Latchkey database, once per dialect; then Latchkey, with the standalone server's plugins, serves
 * the people better-auth knew: their old passwords (upgraded to Argon2id at sign-in), their old
 * session cookies, their organizations, teams and invitations, bans and usernames. Run twice, the
 * import changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuth, type Auth } from '@latchkey/server';
import { authInternalsForTests } from '@latchkey/server/testing';
import Database from 'better-sqlite3';
import { authenticator as totp } from 'otplib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { runImportBetterAuth } from '../src/cli/import-better-auth';
import { PAGE_SIZE } from '../src/cli/import-better-auth/copy-table';
import { openSourceDatabase } from '../src/cli/import-better-auth/source-database';
import { serverPlugins } from '../src/plugins';
import {
  BASE_URL,
  BETTER_AUTH_SECRET,
  createBetterAuthSource,
  type BetterAuthSource,
} from './support/better-auth-source';

const TABLES = [
  'user',
  'account',
  'session',
  'verification',
  'organization',
  'team',
  'member',
  'teamMember',
  'invitation',
  'twoFactor',
];

interface Run {
  code: number;
  stdout: string[];
  stderr: string[];
}

async function importInto(
  from: string,
  target: TestDatabase,
  cwd: string,
  // The server's secret is better-auth's: the old cookies' signatures stay valid (docs/migrating-from-better-auth.md).
  secrets: Record<string, string> = { LATCHKEY_SECRET: BETTER_AUTH_SECRET },
): Promise<Run> {
  const run: Run = { code: -1, stdout: [], stderr: [] };
  run.code = await runImportBetterAuth(
    { from },
    {
      env: { DATABASE_URL: target.url, ...secrets },
      cwd,
      stdout: (line) => run.stdout.push(line),
      stderr: (line) => run.stderr.push(line),
    },
  );
  return run;
}

function latchkey(target: TestDatabase, { secret = BETTER_AUTH_SECRET, cookiePrefix = 'better-auth' } = {}) {
  return createAuth({
    baseURL: BASE_URL,
    secret,
    database: { url: target.url },
    advanced: { cookiePrefix },
    prune: { enabled: false },
    plugins: serverPlugins({ adminEmails: [] }),
  });
}

function call(auth: Auth, path: string, init: { body?: unknown; cookie?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE_URL };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return auth.handler(
    new Request(`${BASE_URL}/api/auth${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
}

async function rows(auth: Auth, table: string): Promise<Record<string, unknown>[]> {
  const { db } = authInternalsForTests(auth);
  const result = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} order by ${sql.ref('id')}`.execute(db);
  return result.rows;
}

async function sourceRows(from: string, cwd: string, table: string): Promise<Record<string, unknown>[]> {
  const source = await openSourceDatabase(from, cwd);
  try {
    const all: Record<string, unknown>[] = [];
    for await (const page of source.pages(table, 100)) all.push(...page);
    return all;
  } finally {
    await source.close();
  }
}

const ids = (list: readonly Record<string, unknown>[]) => list.map((row) => String(row.id)).sort();

for (const dialect of inject('dialects')) {
  describe(`import-better-auth [${dialect}]`, () => {
    let cwd: string;
    let sourceDb: TestDatabase;
    let targetDb: TestDatabase;
    let source: BetterAuthSource;
    let auth: Auth;
    let first: Run;

    beforeAll(async () => {
      cwd = mkdtempSync(join(tmpdir(), 'latchkey-import-'));
      sourceDb = await createTestDatabase(dialect);
      targetDb = await createTestDatabase(dialect);
      source = await createBetterAuthSource(dialect, sourceDb.url);
      first = await importInto(sourceDb.url, targetDb, cwd);
      auth = latchkey(targetDb);
    }, 120_000);

    afterAll(async () => {
      await auth?.close();
      await source?.close();
      await sourceDb?.drop();
      await targetDb?.drop();
      rmSync(cwd, { recursive: true, force: true });
    });

    it('imports every table and reports counts per table', async () => {
      expect(first.stderr).toEqual([]);
      expect(first.code).toBe(0);
      // better-auth made a default team with the organization, alice its member.
      expect(first.stdout).toEqual([
        `Moved in from better-auth (${dialect} → ${dialect}):`,
        '  user          4 imported, 0 already present',
        '  account       5 imported, 0 already present',
        '  session       4 imported, 0 already present, 1 expired (left out)',
        '  verification  1 imported, 0 already present',
        '  organization  1 imported, 0 already present',
        '  team          2 imported, 0 already present',
        '  member        2 imported, 0 already present',
        '  teamMember    2 imported, 0 already present',
        '  invitation    1 imported, 0 already present',
        '  passkey       1 imported, 0 already present',
        '  twoFactor     1 imported, 0 already present',
      ]);
    });

    it('keeps every id, so foreign keys stay valid, and leaves expired sessions behind', async () => {
      for (const table of [
        'user',
        'account',
        'organization',
        'team',
        'member',
        'teamMember',
        'invitation',
        'twoFactor',
      ]) {
        expect(ids(await rows(auth, table)), table).toEqual(ids(await sourceRows(sourceDb.url, cwd, table)));
      }
      const live = (await sourceRows(sourceDb.url, cwd, 'session')).filter(
        (row) => new Date(row.expiresAt as string | Date) > new Date(),
      );
      expect(ids(await rows(auth, 'session'))).toEqual(ids(live));
    });

    it('stores session tokens as digests, never as they were', async () => {
      const tokens = (await rows(auth, 'session')).map((row) => row.token);
      expect(tokens).not.toContain(source.aliceToken);
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    });

    it("finds the session of better-auth's old cookie when the secret and cookie prefix are better-auth's", async () => {
      const response = await call(auth, '/get-session', { cookie: source.aliceCookie });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        user: { id: string };
        session: { activeOrganizationId: string | null };
      };
      expect(body.user.id).toBe(source.alice.id);
      expect(body.session.activeOrganizationId).toBe(source.organizationId);
    });

    it('does not accept the old cookie under another secret: its signature is what vouches for it', async () => {
      const other = latchkey(targetDb, { secret: 'another-secret-another-secret-0123456789' });
      try {
        const response = await call(other, '/get-session', { cookie: source.aliceCookie });
        expect(await response.json()).toBeNull();
      } finally {
        await other.close();
      }
    });

    it('keeps the impersonation and the active organization of sessions', async () => {
      const sessions = await rows(auth, 'session');
      const impersonating = sessions.find((row) => row.impersonatedBy === source.alice.id);
      expect(impersonating?.userId).toBe(source.bob.id);
    });

    it("signs in with the old password and upgrades better-auth's scrypt hash to Argon2id", async () => {
      const credential = async () =>
        (await rows(auth, 'account')).find((row) => row.userId === source.alice.id && row.providerId === 'credential');
      const imported = (await sourceRows(sourceDb.url, cwd, 'account')).find(
        (row) => row.userId === source.alice.id && row.providerId === 'credential',
      );
      // better-auth's own format, which Latchkey's password module verifies.
      expect(imported?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect((await credential())?.password).toBe(imported?.password);

      const response = await call(auth, '/sign-in/email', {
        body: { email: source.alice.email, password: source.alice.password },
      });
      expect(response.status).toBe(200);
      expect(String((await credential())?.password)).toMatch(/^\$argon2id\$/);
    });

    it('signs in by the old username, and keeps admin and username fields', async () => {
      const response = await call(auth, '/sign-in/username', {
        body: { username: source.bob.username, password: source.bob.password },
      });
      expect(response.status).toBe(200);
      const users = await rows(auth, 'user');
      const alice = users.find((row) => row.id === source.alice.id);
      expect(alice).toMatchObject({ role: 'admin', username: 'alice_liddell', displayUsername: 'Alice_Liddell' });
      const dave = users.find((row) => row.id === source.dave.id);
      expect(dave).toMatchObject({ role: 'user', banned: true, banReason: 'spam', username: null });
      expect(dave?.banExpires).toBeInstanceOf(Date);
    });

    it('refuses the banned user, as better-auth did', async () => {
      const response = await call(auth, '/sign-in/email', {
        body: { email: source.dave.email, password: source.dave.password },
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('BANNED_USER');
    });

    it('encrypts provider tokens at rest, and reads them back', async () => {
      const github = (await rows(auth, 'account')).find((row) => row.providerId === 'github');
      expect(String(github?.accessToken)).toMatch(/^v1:/);
      expect(String(github?.refreshToken)).toMatch(/^v1:/);
      const [account] = await authInternalsForTests(auth).providerAccounts.listForUser(source.alice.id, 'github');
      expect(account).toMatchObject({ accountId: '4242', ...source.githubTokens, scope: 'read:user,user:email' });
    });

    it('serves the organization with its members, team and invitation', async () => {
      const signIn = await call(auth, '/sign-in/email', {
        body: { email: source.alice.email, password: source.alice.password },
      });
      const response = await call(auth, `/organization/get-full-organization?organizationId=${source.organizationId}`, {
        cookie: cookiesOf(signIn),
      });
      expect(response.status).toBe(200);
      const org = (await response.json()) as {
        slug: string;
        metadata: unknown;
        members: { userId: string; role: string }[];
        invitations: { id: string; email: string; teamId: string | null; status: string }[];
        teams: { id: string; name: string }[];
      };
      expect(org.slug).toBe('acme');
      expect(org.members.map(({ userId, role }) => ({ userId, role }))).toEqual(
        expect.arrayContaining([
          { userId: source.alice.id, role: 'owner' },
          { userId: source.bob.id, role: 'admin' },
        ]),
      );
      expect(org.invitations).toEqual([
        expect.objectContaining({
          id: source.invitationId,
          email: 'carol@example.com',
          teamId: source.teamId,
          status: 'pending',
        }),
      ]);
      expect(org.teams.map((team) => team.name)).toContain('Engineering');
      const teamMembers = await rows(auth, 'teamMember');
      expect(teamMembers).toEqual(
        expect.arrayContaining([expect.objectContaining({ teamId: source.teamId, userId: source.bob.id })]),
      );
    });

    it('redeems the password-reset link better-auth mailed', async () => {
      const reset = await call(auth, '/reset-password', {
        body: { token: source.resetToken, newPassword: 'bob new password' },
      });
      expect(reset.status).toBe(200);
      const response = await call(auth, '/sign-in/email', {
        body: { email: source.bob.email, password: 'bob new password' },
      });
      expect(response.status).toBe(200);
    });

    it("keeps two-factor on: the old authenticator app's codes and the old backup codes finish the sign-in", async () => {
      const [row] = (await rows(auth, 'twoFactor')).filter((r) => r.userId === source.erin.id);
      // At rest as Latchkey keeps its own: the secret under the token cipher, the codes as digests.
      expect(String(row?.secret)).toMatch(/^v1:/);
      expect(String(row?.backupCodes)).not.toContain(source.erin.backupCodes[0]);
      expect(JSON.parse(String(row?.backupCodes))).toHaveLength(source.erin.backupCodes.length);
      expect((await rows(auth, 'user')).find((r) => r.id === source.erin.id)).toMatchObject({ twoFactorEnabled: true });

      const signIn = async () => {
        const response = await call(auth, '/sign-in/email', {
          body: { email: source.erin.email, password: source.erin.password },
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
        return cookiesOf(response);
      };
      const totpStep = await call(auth, '/two-factor/verify-totp', {
        body: { code: totp.generate(source.erin.totpSecret) },
        cookie: await signIn(),
      });
      expect(totpStep.status).toBe(200);
      expect(await totpStep.json()).toMatchObject({ user: { id: source.erin.id } });
      const backupStep = await call(auth, '/two-factor/verify-backup-code', {
        body: { code: source.erin.backupCodes[1] },
        cookie: await signIn(),
      });
      expect(backupStep.status).toBe(200);
      const session = await call(auth, '/get-session', { cookie: cookiesOf(backupStep) });
      expect(await session.json()).toMatchObject({ user: { id: source.erin.id, twoFactorEnabled: true } });
    });

    it("signs in with alice's passkey as better-auth stored it, and counts on from its counter", async () => {
      const [passkey] = await rows(auth, 'passkey');
      expect(passkey).toMatchObject({
        id: source.alicePasskey.id,
        userId: source.alice.id,
        name: 'Alice’s laptop',
        credentialID: source.alicePasskey.authenticator.id,
        transports: 'internal,hybrid',
      });
      expect(Number(passkey?.counter)).toBe(3);
      const options = await call(auth, '/passkey/generate-authenticate-options');
      const challenge = (await options.json()) as { challenge: string };
      const verified = await call(auth, '/passkey/verify-authentication', {
        body: { response: source.alicePasskey.authenticator.get(challenge) },
        cookie: cookiesOf(options),
      });
      expect(verified.status).toBe(200);
      expect(await verified.json()).toMatchObject({ user: { id: source.alice.id } });
      expect(Number((await rows(auth, 'passkey'))[0]?.counter)).toBe(4);
    });

    it("refuses whole under a secret that is not better-auth's, and completes with it among the previous ones", async () => {
      const otherDb = await createTestDatabase(dialect);
      const secret = 'the-new-server-secret-0123456789abcdef';
      const other = latchkey(otherDb, { secret });
      try {
        const refused = await importInto(sourceDb.url, otherDb, cwd, { LATCHKEY_SECRET: secret });
        expect(refused.code).toBe(1);
        const [row] = await sourceRows(sourceDb.url, cwd, 'twoFactor');
        expect(refused.stderr).toEqual([
          `latchkey import-better-auth: nothing was imported: better-auth's twoFactor row ${String(row?.id)}: ` +
            "secret does not decrypt with LATCHKEY_SECRET nor LATCHKEY_PREVIOUS_SECRETS: run the import with better-auth's secret as one of them",
        ]);
        expect(await rows(other, 'user')).toEqual([]);

        const completed = await importInto(sourceDb.url, otherDb, cwd, {
          LATCHKEY_SECRET: secret,
          LATCHKEY_PREVIOUS_SECRETS: BETTER_AUTH_SECRET,
        });
        expect(completed.code).toBe(0);
        expect(completed.stdout).toContain('  twoFactor     1 imported, 0 already present');
        // Sealed under the server's new secret: a server with it alone reads the secret back.
        const signIn = await call(other, '/sign-in/email', {
          body: { email: source.erin.email, password: source.erin.password },
        });
        const verified = await call(other, '/two-factor/verify-totp', {
          body: { code: totp.generate(source.erin.totpSecret) },
          cookie: cookiesOf(signIn),
        });
        expect(verified.status).toBe(200);
      } finally {
        await other.close();
        await otherDb.drop();
      }
    });

    it('leaves out a user whose e-mail a Latchkey user already has, and what hangs on it, and exits 1', async () => {
      const otherDb = await createTestDatabase(dialect);
      const other = latchkey(otherDb);
      try {
        await other.migrate();
        const signUp = await call(other, '/sign-up/email', {
          body: { email: source.dave.email, password: 'another dave password', name: 'Another Dave' },
        });
        expect(signUp.status).toBe(200);
        const run = await importInto(sourceDb.url, otherDb, cwd);
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(
          '  user          3 imported, 0 already present, 1 taking a value another row holds (left out)',
        );
        expect(run.stdout).toContain(
          '  account       4 imported, 0 already present, 1 whose owner is not in Latchkey (left out)',
        );
        expect(run.stderr[0]).toBe(
          `latchkey import-better-auth: user: 1 rows left out, for example ids ${source.dave.id}`,
        );
        expect(run.stderr[1]).toMatch(/^latchkey import-better-auth: account: 1 rows left out, for example ids \S+$/);
      } finally {
        await other.close();
        await otherDb.drop();
      }
    });

    it('run again, changes nothing, reports every row as already present and brings back nothing Latchkey deleted', async () => {
      const tables = [...TABLES, 'passkey'];
      const before = await Promise.all(tables.map((table) => rows(auth, table)));
      const again = await importInto(sourceDb.url, targetDb, cwd);
      expect(again.stderr).toEqual([]);
      expect(again.code).toBe(0);
      expect(again.stdout.slice(1)).toEqual([
        '  user          0 imported, 4 already present',
        '  account       0 imported, 5 already present',
        '  session       0 imported, 4 already present, 1 expired (left out)',
        '  verification  0 imported, 1 already present',
        '  organization  0 imported, 1 already present',
        '  team          0 imported, 2 already present',
        '  member        0 imported, 2 already present',
        '  teamMember    0 imported, 2 already present',
        '  invitation    0 imported, 1 already present',
        '  passkey       0 imported, 1 already present',
        '  twoFactor     0 imported, 1 already present',
      ]);
      const after = await Promise.all(tables.map((table) => rows(auth, table)));
      // Alice's upgraded hash stays; bob's sessions (revoked by his reset) and the used reset link
      // stay deleted, though better-auth's database still holds them.
      expect(after).toEqual(before);
    });
  });
}

describe('import-better-auth refusals', () => {
  it('imports a table whole or not at all: a bad row on its second page leaves none of it, and a later run completes it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'latchkey-import-'));
    const sourceFile = join(cwd, 'better-auth.db');
    const target: TestDatabase = { url: join(cwd, 'latchkey.db'), drop: async () => {} };
    const source = await createBetterAuthSource('sqlite', sourceFile);
    await source.close();
    const file = new Database(sourceFile);
    const latchkeyAuth = latchkey(target);
    try {
      // Past the first page (PAGE_SIZE), and last in id order: the first page is written before it fails.
      const insert = file.prepare(
        'insert into user (id, name, email, emailVerified, createdAt, updatedAt) values (?, ?, ?, 0, ?, ?)',
      );
      const now = new Date().toISOString();
      // One transaction: 600 separate commits would each wait for the disk.
      file.transaction(() => {
        for (let i = 0; i < PAGE_SIZE + 100; i++) {
          const id = `zz-${String(i).padStart(4, '0')}`;
          insert.run(id, `User ${i}`, `user${i}@example.com`, now, now);
        }
      })();
      file.prepare("update user set createdAt = 'not a date' where id = 'zz-0599'").run();

      const failed = await importInto(sourceFile, target, cwd);
      expect(failed.code).toBe(1);
      expect(failed.stderr.join('\n')).toContain(
        "user: nothing of this table was imported, nor of the tables after it: better-auth's user row zz-0599: createdAt is not a date",
      );
      expect(await rows(latchkeyAuth, 'user')).toEqual([]);

      file.prepare('update user set createdAt = ? where id = ?').run(now, 'zz-0599');
      const completed = await importInto(sourceFile, target, cwd);
      expect(completed.stderr).toEqual([]);
      expect(completed.code).toBe(0);
      expect(completed.stdout[1]).toBe(`  user          ${PAGE_SIZE + 104} imported, 0 already present`);
    } finally {
      file.close();
      await latchkeyAuth.close();
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('exits 2 without --from, and 1 for a source that is not there or is the target itself', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'latchkey-import-'));
    try {
      const stderr: string[] = [];
      const io = {
        env: { DATABASE_URL: join(cwd, 'latchkey.db') },
        cwd,
        stdout: () => {},
        stderr: (l: string) => stderr.push(l),
      };
      expect(await runImportBetterAuth({ from: ' ' }, io)).toBe(2);
      expect(await runImportBetterAuth({ from: join(cwd, 'missing.db') }, io)).toBe(1);
      expect(stderr.join('\n')).toContain('no SQLite file at');
      expect(await runImportBetterAuth({ from: 'latchkey.db' }, io)).toBe(1);
      expect(stderr.at(-1)).toBe(
        'latchkey import-better-auth: --from names the database DATABASE_URL names: import into another database',
      );
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
