#!/usr/bin/env node
/**
 * @module The `latchkey` command. Its command line is read in src/cli/program.ts (`latchkey
 * --help` lists the commands); `latchkey` and `latchkey start` load the server alone. It runs the
 * server's code as a bundle (server-build.js), built at the first start after a change; where the
 * bundle cannot be written (a read-only install), through tsx as TypeScript.
 */
import { readFileSync } from 'node:fs';
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

const args = process.argv.slice(2);
if (args.length === 0 || (args.length === 1 && args[0] === 'start')) {
  // The plain start, as before the command line had a parser: the server alone, without the
  // parser's module and commander held (about 1.5 MB) by an idle server for its whole life.
  await load('main');
} else {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const { runCli } = await load('cli');
  process.exitCode = await runCli(
    args,
    {
      env: process.env,
      // As the server: relative paths mean the folder the user started npm in.
      cwd: process.env.INIT_CWD || process.cwd(),
      stdout: (line) => process.stdout.write(`${line}\n`),
      stderr: (line) => process.stderr.write(`${line}\n`),
    },
    version,
  );
}
