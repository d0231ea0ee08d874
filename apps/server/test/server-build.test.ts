/**
 * The `latchkey` command runs the server's code as a bundle of plain JavaScript, built when missing
 * or older than the sources, so a start after an edit runs the edit, and other starts build nothing.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../bin/server-build.js';

const build = serverBuild as (name: string) => Promise<string>;

describe("the server's bundle", () => {
  it('holds the command line, the server and create-admin, and is not rebuilt while no source changed', async () => {
    const main = await build('main');
    const createAdmin = await build('create-admin');
    expect(existsSync(await build('cli'))).toBe(true);
    expect(main).toMatch(/apps\/server\/dist\/main\.mjs$/);
    expect(existsSync(createAdmin)).toBe(true);
    const builtAt = statSync(main).mtimeMs;
    await build('main');
    expect(statSync(main).mtimeMs).toBe(builtAt);
  });

  it('removes the chunks of earlier builds when it builds again', async () => {
    const main = await build('main');
    const stale = join(dirname(main), 'chunk-STALE000.mjs');
    writeFileSync(stale, '');
    rmSync(main);
    await build('main');
    expect(existsSync(main)).toBe(true);
    expect(existsSync(stale)).toBe(false);
  });

  it('loads npm packages from node_modules rather than copying them in', async () => {
    const dir = dirname(await build('main'));
    const text = readdirSync(dir)
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    expect(text).toMatch(/from ["']kysely["']/);
    expect(text).not.toMatch(/class Kysely\b/);
  });
});
