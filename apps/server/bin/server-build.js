/**
 * @module The server's code bundled into `dist/` with esbuild, as plain JavaScript, rebuilt when a
 * source is newer. Running the bundle instead of the TypeScript through tsx halves the memory an
 * idle server holds: no loader thread, no transpiled copies and source maps of every module kept
 * in the heap.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(app, 'src'), fileURLToPath(new URL('../../../packages/server/src', import.meta.url))];
const outdir = join(app, 'dist');
/**
 * Plain-JavaScript packages every start loads, bundled with our code: as ~470 separate modules
 * (Kysely alone is 288) their module records and per-file code held ~16 MB of an idle server's
 * 93 MB. The rest stay in node_modules: native addons, pino (its transports are worker files it
 * finds by path), and the drivers of the other databases, mail and Redis, loaded only when used.
 */
const BUNDLED_PACKAGES = /^(@latchkey\/|(kysely|zod|jose|hono|@hono\/node-server|oauth4webapi)(\/|$))/;
/**
 * `cli` reads the command line and imports the module of the command it runs; the commands'
 * modules become chunks of their own, so starting the server loads none of the others.
 */
export const ENTRIES = {
  cli: join(app, 'src', 'cli', 'program.ts'),
  main: join(app, 'src', 'main.ts'),
  'create-admin': join(app, 'src', 'cli', 'create-admin.ts'),
};

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function isCurrent() {
  const built = Object.keys(ENTRIES).map((name) => join(outdir, `${name}.mjs`));
  if (!built.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return sources.every((source) => newestChange(source) <= builtAt);
}

/** The bundle's entry for `name`, built first if missing or older than the sources. */
export async function serverBuild(name) {
  if (!isCurrent()) {
    const { build } = await import('esbuild');
    const { metafile } = await build({
      metafile: true,
      entryPoints: ENTRIES,
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          name: 'other-packages-outside',
          setup(bundler) {
            bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
              BUNDLED_PACKAGES.test(path) ? undefined : { external: true },
            );
          },
        },
      ],
    });
    // Chunks of earlier builds, named by their content's hash, would otherwise pile up. A build
    // running at the same time in another process writes these same names, so none of its is lost.
    const current = new Set(Object.keys(metafile.outputs).map((file) => resolve(file)));
    for (const file of readdirSync(outdir))
      if (!current.has(join(outdir, file))) rmSync(join(outdir, file), { force: true });
  }
  return join(outdir, `${name}.mjs`);
}
