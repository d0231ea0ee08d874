/**
 * @module The first admin, as an operator makes it: `latchkey create-admin` with the server's
 * environment, which also migrates the database the server then opens. A sign-up under an address
 * of LATCHKEY_ADMIN_EMAILS would not do: the role comes only once the address is verified.
 */
import { execFileSync } from 'node:child_process';
import { LATCHKEY_COMMAND } from './server-process';

export function createAdmin(env: Record<string, string>, email: string, password: string): void {
  execFileSync(process.execPath, [LATCHKEY_COMMAND, 'create-admin', '--email', email, '--password', password], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
}
