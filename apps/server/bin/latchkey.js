#!/usr/bin/env node
/**
 * @module The `latchkey` command: runs the TypeScript entry points through tsx, so the deployable
 * needs no build step. No argument starts the server; `latchkey create-admin …` makes an admin.
 */
import { register } from 'tsx/esm/api';

register();
const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  await import('../src/main.ts');
} else if (command === 'create-admin') {
  const { runCreateAdmin } = await import('../src/cli/create-admin.ts');
  process.exitCode = await runCreateAdmin(args, {
    env: process.env,
    // As the server: relative paths mean the folder the user started npm in.
    cwd: process.env.INIT_CWD || process.cwd(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  });
} else {
  process.stderr.write(
    `latchkey: unknown command "${command}"\nusage: latchkey                 start the server\n       latchkey create-admin --email ADDRESS --password PASSWORD [--name NAME]\n`,
  );
  process.exitCode = 2;
}
