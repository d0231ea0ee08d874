#!/usr/bin/env node
/**
 * @module The `latchkey` command. No argument starts the server; `latchkey create-admin …` makes an
 * admin. It runs the server's code as a bundle (server-build.js), built at the first start after
 * a change; where the bundle cannot be written (a read-only install), through tsx as TypeScript.
 */
import { pathToFileURL } from 'node:url';
import { ENTRIES, serverBuild } from './server-build.js';

async function load(name) {
  try {
    return await import(pathToFileURL(await serverBuild(name)).href);
  } catch (error) {
    if (error?.code !== 'EACCES' && error?.code !== 'EROFS') throw error;
    const { register } = await import('tsx/esm/api');
    register();
    return import(pathToFileURL(ENTRIES[name]).href);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  await load('main');
} else if (command === 'create-admin') {
  const { runCreateAdmin } = await load('create-admin');
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
