/**
 * @module `latchkey create-admin --email ADDRESS --password PASSWORD [--name NAME]`: the first
 * admin, without a running server. It reads the server's configuration (DATABASE_URL…), migrates,
 * then creates the user with the admin role, or gives the role (and, with --password, the new
 * password) to the user who already has the address. One line on stdout says what was done.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AuthError, createAuth, type ProvisionAdminInput, type ProvisionAdminResult } from '@latchkey/server';
import { ConfigError, loadConfig, type Env } from '../config';
import { serverPlugins } from '../plugins';

export const CREATE_ADMIN_USAGE = 'usage: latchkey create-admin --email ADDRESS --password PASSWORD [--name NAME]';

/** A mistake in the command line: reported with the usage line, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n${CREATE_ADMIN_USAGE}`);
    this.name = 'UsageError';
  }
}

export function parseCreateAdminArgs(args: readonly string[]): ProvisionAdminInput {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // parseArgs names the unknown option or the option missing its value.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (!values.email?.trim()) throw new UsageError('--email is required');
  return { email: values.email, password: values.password, name: values.name };
}

export interface CliIo {
  env: Env;
  cwd: string;
  stdout(line: string): void;
  stderr(line: string): void;
}

/** Runs the command; resolves to the process's exit code. */
export async function runCreateAdmin(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const input = parseCreateAdminArgs(args);
    const config = loadConfig(io.env, io.cwd);
    const auth = createAuth({
      baseURL: config.baseURL,
      // Nothing is signed by this command (it starts no session), so it needs no configured secret.
      secret: randomBytes(32).toString('hex'),
      database: { url: config.databaseUrl },
      logger: {
        info() {},
        warn() {},
        error: (obj, msg) => io.stderr(`latchkey create-admin: ${msg ?? ''} ${JSON.stringify(obj)}`),
      },
      // Migrations and user columns must be the server's own.
      plugins: serverPlugins(config),
    });
    try {
      await auth.migrate();
      const result = await auth.api.provisionAdmin({ body: input });
      if (result.outcome === 'password-required') {
        io.stderr(
          `latchkey create-admin: no user has the e-mail ${input.email.trim()}; --password is needed to create one`,
        );
        return 1;
      }
      io.stdout(describe(result));
      return 0;
    } finally {
      await auth.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`latchkey create-admin: ${error.message}`);
      return 2;
    }
    // The engine's own rules (an invalid address, a password too short or too long), in its words.
    if (error instanceof AuthError) {
      io.stderr(`latchkey create-admin: ${error.message} (${error.entry.code})`);
      return 1;
    }
    if (error instanceof ConfigError) {
      io.stderr(`latchkey create-admin: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function describe(result: Exclude<ProvisionAdminResult, { outcome: 'password-required' }>): string {
  const { email, id } = result.user;
  if (result.outcome === 'created') return `Created the admin ${email} (id ${id})`;
  const password = result.passwordChanged ? ' and set its password (its sessions were signed out)' : '';
  if (result.outcome === 'promoted') return `Gave the admin role to the existing user ${email} (id ${id})${password}`;
  return result.passwordChanged
    ? `${email} (id ${id}) was already an admin; set its password (its sessions were signed out)`
    : `${email} (id ${id}) was already an admin; nothing changed`;
}
