/**
 * The `latchkey` command line, run as the real command: help for every command, the version,
 * and exit code 2 for a command line that does not parse, before anything touches a database.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLatchkey } from './support/latchkey-command';

const COMMANDS = ['start', 'migrate', 'create-admin', 'seed', 'doctor', 'import-better-auth'];
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let cwd: string;
let databaseUrl: string;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-cli-'));
  databaseUrl = join(cwd, 'latchkey.db');
});

afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('latchkey --help and --version', () => {
  it('--help lists every command and exits 0', async () => {
    const run = await runLatchkey(['--help'], cwd);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Usage: latchkey [options] [command]');
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    expect(run.stderr).toBe('');
  });

  it.each(COMMANDS)('%s --help describes the command and exits 0 without running it', async (command) => {
    const run = await runLatchkey([command, '--help'], cwd, { DATABASE_URL: databaseUrl });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Usage: latchkey ${command}`);
    expect(run.stdout).toContain('DATABASE_URL');
    expect(existsSync(databaseUrl)).toBe(false);
  });

  it('seed --help gives the seeded users’ e-mail pattern and password', async () => {
    const run = await runLatchkey(['seed', '--help'], cwd);
    expect(run.stdout).toContain('seed-user-<n>@example.com');
    expect(run.stdout).toContain('"latchkey-seed-password"');
  });

  it('--version prints the package version and exits 0', async () => {
    for (const flag of ['--version', '-v']) {
      const run = await runLatchkey([flag], cwd);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
    }
  });
});

describe('a command line that does not parse, and commands refused', () => {
  it.each([
    ['an unknown command', ['frobnicate'], "latchkey: unknown command 'frobnicate'"],
    ['an unknown option', ['--frobnicate'], "latchkey: unknown option '--frobnicate'"],
    ['an unknown option of a command', ['migrate', '--dryrun'], "latchkey: unknown option '--dryrun'"],
    ['seed without --users', ['seed'], "required option '--users <n>' not specified"],
    ['seed --users 0', ['seed', '--users', '0'], 'must be a whole number from 1'],
    ['seed --users many', ['seed', '--users', 'many'], 'must be a whole number from 1'],
    ['seed --orgs -1', ['seed', '--users', '5', '--orgs', '-1'], 'must be a whole number from 0'],
    ['import-better-auth without --from', ['import-better-auth'], "required option '--from <url>' not specified"],
  ])('%s exits 2 with the reason and a pointer to --help, touching no database', async (_name, args, message) => {
    const run = await runLatchkey(args, cwd, { DATABASE_URL: databaseUrl });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('--help');
    expect(run.stdout).toBe('');
    expect(existsSync(databaseUrl)).toBe(false);
  });

  it.each(['migrate', 'seed --users 1', 'create-admin --email root@example.com'])(
    '%s on a database that does not answer exits 1 with the reason in one line',
    async (command) => {
      const run = await runLatchkey(command.split(' '), cwd, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/^latchkey [a-z-]+: .*ECONNREFUSED 127\.0\.0\.1:1\n$/);
    },
  );

  it('a bad environment variable exits 1 with the same report as the server', async () => {
    const run = await runLatchkey(['migrate'], cwd, { DATABASE_URL: databaseUrl, PORT: 'eighty' });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT="eighty": must be a whole number between 1 and 65535');
  });
});
