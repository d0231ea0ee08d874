/**
 * @module The `latchkey` command line, read by commander: one subcommand per job, `--help` on each,
 * `--version`, and exit codes 0 (done), 1 (refused: bad configuration, a rule of the engine, an
 * unreachable database) and 2 (a command line that does not parse). No command means `start`.
 * Each command's module is imported when that command runs, so starting the server loads none
 * of the others.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { CliIo } from './cli-io';
import { SEED_EMAIL_PATTERN, SEED_PASSWORD } from './seed-rows';

/** Exit codes of the command (docs/cli.md). */
export const EXIT = Object.freeze({ ok: 0, refused: 1, usage: 2 });

const ENVIRONMENT_NOTE = `
Every command reads the server's environment variables (DATABASE_URL, …; README.md, "Configuration").`;

function wholeNumber(minimum: number) {
  return (value: string): number => {
    if (!/^\d{1,9}$/.test(value) || Number(value) < minimum)
      throw new InvalidArgumentError(`must be a whole number from ${minimum}`);
    return Number(value);
  };
}

function buildProgram(io: CliIo, version: string, done: (code: number) => void): Command {
  const program = new Command('latchkey')
    .description('Latchkey, a self-hosted authentication server. Without a command: start.')
    .version(version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'describe the command')
    .helpCommand(false)
    // Thrown instead of exiting, so the codes are ours (usage errors exit 2, not commander's 1).
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text.replace(/\n$/, '')),
      writeErr: (text) => io.stderr(text.replace(/\n$/, '')),
      outputError: (text, write) => write(text.replace(/^error: /, 'latchkey: ')),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', ENVIRONMENT_NOTE);

  program
    .command('start')
    .description('start the server (the API under /api/auth and the web app); migrates first')
    .action(async () => {
      // Evaluating the entry starts the server; it keeps the process alive until a signal.
      await import('../main');
      done(EXIT.ok);
    });

  program
    .command('migrate')
    .description('bring the database schema up to date, as every start does')
    .option('--dry-run', 'print the SQL for the configured database instead of applying it')
    .action(async (options: { dryRun?: boolean }) => {
      const { runMigrate } = await import('./migrate');
      done(await runMigrate({ dryRun: options.dryRun === true }, io));
    });

  program
    .command('create-admin')
    .description('create the admin user, or give the admin role to the user with that e-mail')
    .usage('--email ADDRESS [--password PASSWORD] [--name NAME]')
    .requiredOption('--email <address>', "the admin's e-mail")
    .option('--password <password>', 'the password (needed to create a user; replaces an existing one)')
    .option('--name <name>', 'the display name of a new user')
    .action(async (options: { email: string; password?: string; name?: string }) => {
      const { runCreateAdmin } = await import('./create-admin');
      done(await runCreateAdmin({ email: options.email, password: options.password, name: options.name }, io));
    });

  program
    .command('seed')
    .description('fill the database with users (and organizations) for demos and benchmarks')
    .requiredOption('--users <n>', 'how many users to add', wholeNumber(1))
    .option('--orgs <m>', 'how many organizations to add, with members drawn from these users', wholeNumber(0), 0)
    .addHelpText(
      'after',
      `
Seeded users are ${SEED_EMAIL_PATTERN}, numbered from 1 (a later run goes on from the
largest number), verified, all with the password "${SEED_PASSWORD}". Each organization
(seed-org-<m>) has an owner and up to four members, and a default team with its owner.`,
    )
    .action(async (options: { users: number; orgs: number }) => {
      const { runSeed } = await import('./seed');
      done(await runSeed({ users: options.users, orgs: options.orgs }, io));
    });

  program
    .command('doctor')
    .description('check the configuration and the services it names; one line each, with the fix')
    .action(async () => {
      const { runDoctor } = await import('./doctor');
      done(await runDoctor(io));
    });

  program
    .command('import-better-auth')
    .description('move the users, accounts and organizations of a better-auth database into this one')
    .requiredOption('--from <url>', "the better-auth database's URL (a SQLite path, postgres:// or mysql://)")
    .action(async (options: { from: string }) => {
      const { runImportBetterAuth } = await import('./import-better-auth');
      done(await runImportBetterAuth({ from: options.from }, io));
    });

  for (const command of program.commands) command.addHelpText('after', ENVIRONMENT_NOTE);
  return program;
}

/** Runs the command line `argv` (without node and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, version, (result) => (code = result));
  try {
    await program.parseAsync(argv.length === 0 ? ['start'] : [...argv], { from: 'user' });
    return code;
  } catch (error) {
    // Help and --version end the parse with exit code 0; every other commander error is a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
}
