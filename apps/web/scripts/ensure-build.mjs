/**
 * Builds the web app when `dist/` is missing or older than its sources, so `npm start` and the
 * the start after an edit always serves the current app. Runnable (`node apps/web/scripts/ensure-build.mjs`) and importable.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress-plugin.ts', 'package.json'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

export function isBuildCurrent() {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return sources.every((source) => newestChange(join(root, source)) <= builtAt);
}

export async function ensureWebBuild() {
  if (isBuildCurrent()) return;
  await buildWeb(join(root, 'dist'));
}

/**
 * A build into any folder: browser tests build their own, so parallel runs never share one. They
 * pass mode `test`, which only makes the build's brotli step quicker (vite.config.ts).
 */
export async function buildWeb(outDir, { mode = 'production' } = {}) {
  const { build } = await import('vite');
  // Vite builds for NODE_ENV when it is set, and vitest sets it to `test`: browser tests then got
  // React's development build, half as large again as what ships (and slower). The build is always
  // the production one; only `mode` differs.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      mode,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureWebBuild();
