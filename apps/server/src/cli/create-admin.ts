/**
 * @module `latchkey create-admin --email ADDRESS [--password PASSWORD] [--name NAME]`: the first
 * admin, without a running server. It reads the server's configuration (DATABASE_URL…), migrates,
 * then creates the user with the admin role, or gives the role (and, with --password, the new
 * password) to the user who already has the address. One line on stdout says what was done. The
 * command line itself is read by program.ts.
 */
import { AuthError, type ProvisionAdminInput, type ProvisionAdminResult } from '@latchkey/server';
import { loadConfig } from '../config';
import type { CliIo } from './cli-io';
import { openCommandAuth } from './command-auth';
import { describeFailure } from './command-failure';

export type { CliIo } from './cli-io';

/** Runs the command; resolves to the process's exit code. */
export async function runCreateAdmin(input: ProvisionAdminInput, io: CliIo): Promise<number> {
  // The option parser accepts `--email ''`; an address of blanks is as missing as none.
  if (!input.email.trim()) {
    io.stderr('latchkey create-admin: --email is required (add --help for usage)');
    return 2;
  }
  try {
    const config = loadConfig(io.env, io.cwd);
    const auth = openCommandAuth(config, io, 'create-admin');
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
    // The engine's own rules (an invalid address, a password too short or too long), in its words.
    if (error instanceof AuthError) {
      io.stderr(`latchkey create-admin: ${error.message} (${error.entry.code})`);
      return 1;
    }
    // A bad configuration, a database that does not answer: refused, in one line.
    io.stderr(`latchkey create-admin: ${describeFailure(error)}`);
    return 1;
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
