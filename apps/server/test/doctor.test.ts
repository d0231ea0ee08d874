/**
 * `latchkey doctor` against real parts: SQLite files, PostgreSQL and MySQL databases, Redis, an
 * SMTP server with a login, an OpenID Provider and a self-hosted GitLab's address on loopback, and
 * ports where nothing listens. Each finding is one line; any ✗ makes the exit code 1.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuth } from '@latchkey/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { freePort } from '../../../test/free-port';
import { REDIS_URL } from '../../../test/services';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../../packages/server/test/support/oidc-provider';
import { startSmtpSink, type SmtpSink } from '../../../packages/server/test/support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/test/support/test-database';
import { runDoctor } from '../src/cli/doctor';
import { checkDatabase } from '../src/cli/doctor/database';
import { loadConfig, type Env } from '../src/config';
import { serverPlugins } from '../src/plugins';

const SECRET = 'doctor-test-secret-0123456789abcdef';

let cwd: string;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-doctor-'));
});

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

async function doctor(env: Env): Promise<{ code: number; lines: string[]; stderr: string[] }> {
  const lines: string[] = [];
  const stderr: string[] = [];
  const code = await runDoctor({ env, cwd, stdout: (line) => lines.push(line), stderr: (line) => stderr.push(line) });
  return { code, lines, stderr };
}

/** The lines of one check, e.g. `migrations`. */
function linesOf(lines: readonly string[], subject: string): string[] {
  return lines.filter((line) => line.slice(2).startsWith(`${subject}: `));
}

async function migrated(url: string): Promise<void> {
  const auth = createAuth({
    baseURL: 'http://localhost',
    secret: SECRET,
    database: { url },
    plugins: serverPlugins({ adminEmails: [] }),
  });
  try {
    await auth.migrate();
  } finally {
    await auth.close();
  }
}

let migratedFile: string;

beforeAll(async () => {
  migratedFile = join(cwd, 'migrated.db');
  await migrated(migratedFile);
});

describe('latchkey doctor on SQLite', () => {
  it('reports every check ✓ and exits 0 on a migrated database with a sound configuration', async () => {
    const { code, lines, stderr } = await doctor({ DATABASE_URL: migratedFile, LATCHKEY_SECRET: SECRET });
    expect(stderr).toEqual([]);
    expect(lines.at(-1)).toBe('No problems found.');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^✓ /);
    expect(linesOf(lines, 'database')).toEqual([`✓ database: the SQLite file ${migratedFile} answers`]);
    expect(linesOf(lines, 'migrations')).toEqual(['✓ migrations: all applied']);
    expect(linesOf(lines, 'clock')).toHaveLength(1);
    expect(code).toBe(0);
  });

  it('an unmigrated database is ✗ with the migrations not applied and `latchkey migrate` as the fix, exit 1', async () => {
    const file = join(cwd, 'empty.db');
    // A file of no bytes is an empty SQLite database.
    writeFileSync(file, '');
    const { code, lines } = await doctor({ DATABASE_URL: file, LATCHKEY_SECRET: SECRET });
    expect(linesOf(lines, 'database')).toEqual([`✓ database: the SQLite file ${file} answers`]);
    const [migrations] = linesOf(lines, 'migrations');
    expect(migrations).toMatch(/^✗ migrations: \d+ not applied \(0001-core, .*\) — fix: run `latchkey migrate`/);
    expect(lines.at(-1)).toBe('1 problem, 0 warnings.');
    expect(code).toBe(1);
  });

  it('a database file that does not exist is ✗ and is not created by the check', async () => {
    const file = join(cwd, 'missing', 'latchkey.db');
    const { code, lines } = await doctor({ DATABASE_URL: file, LATCHKEY_SECRET: SECRET });
    expect(linesOf(lines, 'database')).toEqual([
      `✗ database: the SQLite file ${file} does not exist — fix: run \`latchkey migrate\` (the server also migrates when it starts), or point DATABASE_URL at the database`,
    ]);
    expect(existsSync(file)).toBe(false);
    expect(code).toBe(1);
  });
});

describe('latchkey doctor on the configuration', () => {
  it('a secret shorter than 32 characters in production is ✗ without echoing it, and the database is still checked', async () => {
    const { code, lines } = await doctor({
      NODE_ENV: 'production',
      BASE_URL: 'https://auth.example.com',
      DATABASE_URL: migratedFile,
      LATCHKEY_SECRET: 'short-secret-value',
    });
    expect(linesOf(lines, 'configuration')).toEqual([
      '✗ configuration: LATCHKEY_SECRET: must be at least 32 characters — fix: set LATCHKEY_SECRET to at least 32 random characters, e.g. the output of `openssl rand -base64 48`',
    ]);
    expect(lines.join('\n')).not.toContain('short-secret-value');
    expect(linesOf(lines, 'migrations')).toEqual(['✓ migrations: all applied']);
    expect(code).toBe(1);
  });

  it('production without a secret is ✗ with the fix', async () => {
    const { code, lines } = await doctor({
      NODE_ENV: 'production',
      BASE_URL: 'https://auth.example.com',
      DATABASE_URL: migratedFile,
    });
    expect(linesOf(lines, 'secret')).toEqual([
      '✗ secret: LATCHKEY_SECRET is not set, and NODE_ENV=production requires it — fix: set LATCHKEY_SECRET to at least 32 random characters, e.g. the output of `openssl rand -base64 48`',
    ]);
    expect(code).toBe(1);
  });

  it('an https base URL gives Secure cookies ✓; http off this machine is ✗ in production and a warning in development', async () => {
    const https = await doctor({
      BASE_URL: 'https://auth.example.com',
      DATABASE_URL: migratedFile,
      LATCHKEY_SECRET: SECRET,
    });
    expect(linesOf(https.lines, 'base URL')).toEqual([
      '✓ base URL: https://auth.example.com is https: cookies are Secure, with the __Secure- prefix, and every answer carries Strict-Transport-Security',
    ]);

    const env = { BASE_URL: 'http://auth.example.com', DATABASE_URL: migratedFile, LATCHKEY_SECRET: SECRET };
    const production = await doctor({ ...env, NODE_ENV: 'production' });
    expect(linesOf(production.lines, 'base URL')).toEqual([
      '✗ base URL: http://auth.example.com is http: cookies are not Secure, so session cookies cross the network readable — fix: serve Latchkey over https (a reverse proxy that terminates TLS) and set BASE_URL=https://…',
    ]);
    expect(production.code).toBe(1);

    const development = await doctor(env);
    expect(linesOf(development.lines, 'base URL')[0]).toMatch(/^! base URL: http:\/\/auth\.example\.com is http/);
    expect(development.lines.at(-1)).toBe('0 problems, 1 warning.');
    expect(development.code).toBe(0);
  });

  it('trusted origins: well-formed ones are listed ✓, a path that is ignored is a warning, a malformed entry ✗', async () => {
    const base = { DATABASE_URL: migratedFile, LATCHKEY_SECRET: SECRET };
    const sound = await doctor({ ...base, TRUSTED_ORIGINS: 'https://app.example.com,http://localhost:5173' });
    expect(linesOf(sound.lines, 'trusted origins')).toEqual([
      "✓ trusted origins: https://app.example.com, http://localhost:5173 and BASE_URL's origin",
    ]);

    const withPath = await doctor({ ...base, TRUSTED_ORIGINS: 'https://app.example.com/login' });
    expect(linesOf(withPath.lines, 'trusted origins')).toEqual([
      '! trusted origins: "https://app.example.com/login" has a path or query, which is ignored: https://app.example.com is trusted — fix: write it as https://app.example.com',
    ]);

    const malformed = await doctor({ ...base, TRUSTED_ORIGINS: 'app.example.com' });
    expect(linesOf(malformed.lines, 'configuration')).toEqual([
      '✗ configuration: TRUSTED_ORIGINS entry 1 ("app.example.com"): must be an http:// or https:// URL — fix: correct TRUSTED_ORIGINS (README, Configuration)',
    ]);
    expect(malformed.code).toBe(1);
  });

  it('a configuration that does not load is reported line by line, without a crash', async () => {
    const { code, lines } = await doctor({ DATABASE_URL: 'oracle://db.example.com/x', PORT: 'eighty', HOST: '[::1]' });
    expect(linesOf(lines, 'configuration')).toEqual([
      '✗ configuration: PORT="eighty": must be a whole number between 1 and 65535 — fix: correct PORT (README, Configuration)',
      '✗ configuration: HOST="[::1]": must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name (localhost), without brackets or a port — fix: correct HOST (README, Configuration)',
      '✗ configuration: DATABASE_URL: unsupported scheme "oracle://" (use a file path, sqlite:PATH, postgres://… or mysql://…) — fix: correct DATABASE_URL (README, Configuration)',
    ]);
    // The default SQLite file is not checked in place of the refused DATABASE_URL.
    expect(linesOf(lines, 'database')).toEqual([]);
    expect(code).toBe(1);
  });
});

describe('latchkey doctor on Redis', () => {
  const base = { LATCHKEY_SECRET: SECRET };

  it.runIf(inject('redis'))('a Redis that answers PING is ✓', async () => {
    const { code, lines } = await doctor({ ...base, DATABASE_URL: migratedFile, REDIS_URL });
    expect(linesOf(lines, 'redis')).toEqual([`✓ redis: ${REDIS_URL} answers PING`]);
    expect(code).toBe(0);
  });

  it('a port where nothing listens is ✗ with the fix, within the timeout', async () => {
    const port = await freePort();
    const started = Date.now();
    const { code, lines } = await doctor({
      ...base,
      DATABASE_URL: migratedFile,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    expect(linesOf(lines, 'redis')).toEqual([
      `✗ redis: redis://127.0.0.1:${port} does not answer: connect ECONNREFUSED 127.0.0.1:${port} — fix: check REDIS_URL (host, port, password), and that Redis is running and lets this host in`,
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(code).toBe(1);
  });
});

describe('latchkey doctor on SMTP', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ users: { mailer: 'right password' } });
  });

  afterAll(async () => {
    await sink?.close();
  });

  it('a server that accepts the login is ✓, and no mail is sent', async () => {
    const url = sink.url.replace('smtp://', 'smtp://mailer:right%20password@');
    const { code, lines } = await doctor({ DATABASE_URL: migratedFile, LATCHKEY_SECRET: SECRET, SMTP_URL: url });
    expect(linesOf(lines, 'smtp')).toEqual([`✓ smtp: ${sink.url} answers and accepts the login`]);
    expect(sink.mails).toEqual([]);
    expect(code).toBe(0);
  });

  it('a server that refuses the credentials is ✗, without echoing the password', async () => {
    const url = sink.url.replace('smtp://', 'smtp://mailer:wrong-password@');
    const { code, lines } = await doctor({ DATABASE_URL: migratedFile, LATCHKEY_SECRET: SECRET, SMTP_URL: url });
    const [line] = linesOf(lines, 'smtp');
    expect(line).toMatch(
      new RegExp(`^✗ smtp: ${sink.url} refused the login: .* — fix: check the user and password in SMTP_URL$`),
    );
    expect(lines.join('\n')).not.toContain('wrong-password');
    expect(code).toBe(1);
  });

  it('a port where nothing listens is ✗ as unreachable', async () => {
    const port = await freePort();
    const { code, lines } = await doctor({
      DATABASE_URL: migratedFile,
      LATCHKEY_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    expect(linesOf(lines, 'smtp')[0]).toMatch(
      new RegExp(
        `^✗ smtp: smtp://127.0.0.1:${port} cannot be reached: .*ECONNREFUSED.* — fix: check the host and port`,
      ),
    );
    expect(code).toBe(1);
  });
});

describe('latchkey doctor on social sign-in', () => {
  let op: TestOpenIDProvider;
  let gitlab: Server;
  let gitlabURL: string;

  beforeAll(async () => {
    op = await startOpenIDProvider({
      clients: [
        {
          client_id: 'latchkey',
          client_secret: 'op-secret',
          redirect_uris: ['http://localhost:3000/api/auth/callback/corp'],
        },
      ],
    });
    // A self-hosted GitLab's authorization page, as far as the check can see one without a user.
    gitlab = createServer((request, response) => {
      response.writeHead(request.url?.startsWith('/oauth/authorize') ? 302 : 404, { location: '/users/sign_in' });
      response.end();
    });
    await new Promise<void>((resolve) => gitlab.listen(0, '127.0.0.1', resolve));
    const address = gitlab.address();
    gitlabURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await op?.close();
    await new Promise((resolve) => gitlab?.close(resolve));
  });

  const oidc = (issuer: string) => ({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'latchkey',
    OIDC_CLIENT_SECRET: 'op-secret',
    OIDC_PROVIDER_ID: 'corp',
    OIDC_NAME: 'Company SSO',
  });
  const gitlabEnv = (issuer: string) => ({
    GITLAB_CLIENT_ID: 'gl-id',
    GITLAB_CLIENT_SECRET: 'gl-secret',
    GITLAB_ISSUER: issuer,
  });

  it('an OpenID Provider whose discovery and signing keys answer is ✓, as is an OAuth 2.0 provider whose authorization endpoint answers', async () => {
    const { code, lines } = await doctor({
      DATABASE_URL: migratedFile,
      LATCHKEY_SECRET: SECRET,
      ...oidc(op.issuer),
      ...gitlabEnv(gitlabURL),
    });
    expect(linesOf(lines, 'sign-in with Company SSO')).toEqual([
      `✓ sign-in with Company SSO: signing keys at ${op.endpoints.jwks} answer (1 key)`,
    ]);
    expect(linesOf(lines, 'sign-in with GitLab')).toEqual([
      `✓ sign-in with GitLab: the authorization endpoint ${gitlabURL}/oauth/authorize answers (its token and profile endpoints need a user's sign-in to check)`,
    ]);
    expect(code).toBe(0);
  });

  it('providers that cannot be reached are ✗ with the fix', async () => {
    const port = await freePort();
    const { code, lines } = await doctor({
      DATABASE_URL: migratedFile,
      LATCHKEY_SECRET: SECRET,
      ...oidc(`http://127.0.0.1:${port}`),
      ...gitlabEnv(`http://127.0.0.1:${port}`),
    });
    expect(linesOf(lines, 'sign-in with Company SSO')).toEqual([
      `✗ sign-in with Company SSO: the discovery document cannot be read: connect ECONNREFUSED 127.0.0.1:${port} — fix: check OIDC_ISSUER: its /.well-known/openid-configuration must be reachable from this host`,
    ]);
    expect(linesOf(lines, 'sign-in with GitLab')).toEqual([
      `✗ sign-in with GitLab: the authorization endpoint http://127.0.0.1:${port}/oauth/authorize cannot be reached: connect ECONNREFUSED 127.0.0.1:${port} — fix: check that this host can reach the provider (DNS, firewall, outbound proxy)`,
    ]);
    expect(code).toBe(1);
  });
});

describeEach(
  'latchkey doctor on a database server',
  inject('dialects').filter((dialect) => dialect !== 'sqlite'),
  (dialect) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });

    afterAll(async () => {
      await database?.drop();
    });

    it('an empty database is ✗ with `latchkey migrate`; once migrated every check is ✓ and the clock agrees', async () => {
      const empty = await doctor({ DATABASE_URL: database.url, LATCHKEY_SECRET: SECRET });
      expect(linesOf(empty.lines, 'database')).toEqual([expect.stringMatching(/^✓ database: .* answers$/)]);
      expect(linesOf(empty.lines, 'migrations')[0]).toMatch(
        /^✗ migrations: \d+ not applied \(0001-core, .*\) — fix: run `latchkey migrate`/,
      );
      expect(empty.code).toBe(1);

      await migrated(database.url);
      const { code, lines } = await doctor({ DATABASE_URL: database.url, LATCHKEY_SECRET: SECRET });
      expect(linesOf(lines, 'migrations')).toEqual(['✓ migrations: all applied']);
      expect(linesOf(lines, 'clock')[0]).toMatch(/^✓ clock: within \d+\.\d s of the database's \(limit 30 s\)$/);
      expect(lines.at(-1)).toBe('No problems found.');
      expect(code).toBe(0);
    });

    it("a host clock more than 30 s off the database's is ✗ with the fix", async () => {
      await migrated(database.url);
      const config = loadConfig({ DATABASE_URL: database.url, LATCHKEY_SECRET: SECRET }, cwd);
      const results = await checkDatabase(config, () => Date.now() + 45_000);
      expect(results.find((result) => result.subject === 'clock')).toMatchObject({
        status: 'fail',
        finding: expect.stringMatching(/^this host's clock is 4\d\.\d s ahead of the database's \(limit 30 s\)$/),
        fix: 'synchronise the clocks of this host and the database server with NTP (chrony, systemd-timesyncd)',
      });
      const near = await checkDatabase(config, () => Date.now() + 5_000);
      expect(near.find((result) => result.subject === 'clock')).toMatchObject({ status: 'ok' });
    });

    it('a server where nothing listens is ✗ as unreachable, within the timeout', async () => {
      const url = new URL(database.url);
      url.port = String(await freePort());
      const started = Date.now();
      const { code, lines } = await doctor({ DATABASE_URL: url.href, LATCHKEY_SECRET: SECRET });
      expect(linesOf(lines, 'database')[0]).toMatch(
        /^✗ database: .* cannot be reached: .*ECONNREFUSED.* — fix: check DATABASE_URL/,
      );
      expect(linesOf(lines, 'migrations')).toEqual([]);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(code).toBe(1);
    });
  },
);
