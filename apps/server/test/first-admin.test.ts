/**
 * The first admin through the deployable: the `latchkey create-admin` command run as a child
 * process against a SQLite file, then the standalone server on that file, with and without
 * LATCHKEY_ADMIN_EMAILS.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuth } from '@latchkey/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverPlugins } from '../src/plugins';
import { runLatchkey } from './support/latchkey-command';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const SECRET = 'first-admin-test-secret-0123456789abcdef';
const ADMIN = { email: 'root@example.com', password: 'first admin password' };

let cwd: string;
let databaseUrl: string;
let server: StandaloneProcess | undefined;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-first-admin-'));
  databaseUrl = join(cwd, 'latchkey.db');
});

afterAll(async () => {
  await stopStandalone(server);
  rmSync(cwd, { recursive: true, force: true });
});

function latchkey(args: string[]) {
  return runLatchkey(args, cwd, { DATABASE_URL: databaseUrl });
}

/** Reads the file the way the server does, with the server's plugins. */
async function readUser(
  email: string,
): Promise<{ role: unknown; emailVerified: unknown; passwordHash: string | null } | undefined> {
  const auth = createAuth({
    baseURL: 'http://localhost',
    secret: SECRET,
    database: { url: databaseUrl },
    plugins: serverPlugins({ adminEmails: [] }),
  });
  try {
    // A refused command line stops before migrating, so the file may not have the tables yet.
    await auth.migrate();
    const found = await authInternalsForTests(auth).users.findWithPasswordBy('email', email);
    return found
      ? // The engine's own read carries the plugins' columns, untyped at this level.
        {
          role: Reflect.get(found.user, 'role') as unknown,
          emailVerified: found.user.emailVerified,
          passwordHash: found.passwordHash,
        }
      : undefined;
  } finally {
    await auth.close();
  }
}

/** Marks the address verified in the file, as its owner following the mailed link would. */
async function markVerified(email: string): Promise<void> {
  const auth = createAuth({
    baseURL: 'http://localhost',
    secret: SECRET,
    database: { url: databaseUrl },
    plugins: serverPlugins({ adminEmails: [] }),
  });
  try {
    const internals = authInternalsForTests(auth);
    const user = await internals.users.findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    await internals.users.update(user.id, { emailVerified: true, updatedAt: new Date() });
  } finally {
    await auth.close();
  }
}

async function stopGracefully(process: StandaloneProcess): Promise<void> {
  process.child.kill('SIGTERM');
  await process.exited;
}

function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${server?.url}/api/auth${path}`, {
    method: 'POST',
    // A browser's request names its origin (Node's fetch sends Sec-Fetch-Mode, as a browser does).
    headers: {
      'content-type': 'application/json',
      origin: `${server?.url}`.replace('127.0.0.1', 'localhost'),
      ...(cookie && { cookie }),
    },
    body: JSON.stringify(body),
  });
}

describe('latchkey create-admin', () => {
  it.each([
    [
      'without --email',
      ['create-admin', '--password', ADMIN.password],
      2,
      "required option '--email <address>' not specified",
    ],
    ['with a blank --email', ['create-admin', '--email', ' ', '--password', ADMIN.password], 2, '--email is required'],
    [
      'with an unknown option',
      ['create-admin', '--email', ADMIN.email, '--pasword', ADMIN.password],
      2,
      "unknown option '--pasword'",
    ],
    ['with --email missing its value', ['create-admin', '--email'], 2, "option '--email <address>' argument missing"],
    [
      'with a password shorter than the engine allows',
      ['create-admin', '--email', ADMIN.email, '--password', 'short'],
      1,
      'Password too short (PASSWORD_TOO_SHORT)',
    ],
    [
      'with an invalid e-mail',
      ['create-admin', '--email', 'not-an-address', '--password', ADMIN.password],
      1,
      'Invalid email (INVALID_EMAIL)',
    ],
    [
      'for a new address without --password',
      ['create-admin', '--email', ADMIN.email],
      1,
      'no user has the e-mail root@example.com; --password is needed to create one',
    ],
    ['given an unknown command', ['make-admin'], 2, "latchkey: unknown command 'make-admin'"],
  ])('%s exits non-zero with a message and creates no user', async (_name, args, code, message) => {
    const run = await latchkey(args);
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    if (code === 2) expect(run.stderr).toContain('--help');
    expect(await readUser(ADMIN.email)).toBeUndefined();
  });

  it('creates a verified admin whose password is stored as an Argon2id hash', async () => {
    const run = await latchkey([
      'create-admin',
      '--email',
      'Root@Example.com',
      '--password',
      ADMIN.password,
      '--name',
      'Root',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Created the admin root@example\.com \(id \w+\)\n$/);
    const row = await readUser(ADMIN.email);
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('run again for the same address, says so and changes nothing without --password', async () => {
    const before = await readUser(ADMIN.email);
    const run = await latchkey(['create-admin', '--email', ADMIN.email]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^root@example\.com \(id \w+\) was already an admin; nothing changed\n$/);
    expect(await readUser(ADMIN.email)).toEqual(before);
  });
});

describe('the standalone server and the first admin', () => {
  it('lets the admin made by the command sign in, with role admin', async () => {
    server = await startStandalone(cwd, { DATABASE_URL: databaseUrl, LATCHKEY_SECRET: SECRET });
    const signIn = await post('/sign-in/email', ADMIN);
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { email: ADMIN.email, role: 'admin' } });

    const late = await post('/sign-up/email', {
      name: 'Late',
      email: 'late@example.com',
      password: 'late password 123',
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ user: { role: 'user' } });
    await stopGracefully(server);
  });

  it('started with LATCHKEY_ADMIN_EMAILS, promotes listed users with a verified address at start, never an unverified sign-up', async () => {
    // Late has since proved the address (as following the mailed link would).
    await markVerified('late@example.com');
    const started = await startStandalone(cwd, {
      DATABASE_URL: databaseUrl,
      LATCHKEY_SECRET: SECRET,
      LATCHKEY_ADMIN_EMAILS: 'Late@example.com, new@example.com',
    });
    server = started;
    // pino writes stdout asynchronously: the start-up's lines may land after the first answer.
    const promotion = await vi.waitFor(() => {
      const line = started
        .stdout()
        .trim()
        .split('\n')
        .map((entry) => JSON.parse(entry) as Record<string, unknown>)
        .find((entry) => entry.promoted !== undefined);
      if (!line) throw new Error('not logged yet');
      return line;
    }, 5000);
    expect(promotion).toMatchObject({ promoted: 1 });

    const signIn = await post('/sign-in/email', { email: 'late@example.com', password: 'late password 123' });
    expect(await signIn.json()).toMatchObject({ user: { role: 'admin' } });

    const signUp = await post('/sign-up/email', {
      name: 'New',
      email: 'new@example.com',
      password: 'new password 123',
    });
    expect(signUp.status).toBe(200);
    // Whoever registers a listed address first is no admin until the address is verified.
    expect(await signUp.json()).toMatchObject({
      user: { email: 'new@example.com', emailVerified: false, role: 'user' },
    });

    const other = await post('/sign-up/email', {
      name: 'Other',
      email: 'other@example.com',
      password: 'other password 123',
    });
    expect(await other.json()).toMatchObject({ user: { role: 'user' } });
    await stopGracefully(server);
    expect(await readUser('late@example.com')).toMatchObject({ role: 'admin' });
    expect(await readUser('new@example.com')).toMatchObject({ role: 'user' });
  });

  it('replaces an existing admin password with create-admin --password and the old one stops working', async () => {
    const run = await latchkey(['create-admin', '--email', ADMIN.email, '--password', 'a brand new password']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('was already an admin; set its password');
    server = await startStandalone(cwd, { DATABASE_URL: databaseUrl, LATCHKEY_SECRET: SECRET });
    expect((await post('/sign-in/email', ADMIN)).status).toBe(401);
    expect((await post('/sign-in/email', { email: ADMIN.email, password: 'a brand new password' })).status).toBe(200);
    await stopGracefully(server);
  });
});
