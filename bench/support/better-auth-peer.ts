/**
 * @module better-auth 1.7, the bench's peer (bench/better-auth): installed from its own lockfile on
 * first use, so the product's `npm install` never carries it, and started in its own process like
 * the servers it is compared with.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from './server-process';

const PACKAGE_DIR = fileURLToPath(new URL('../better-auth/', import.meta.url));

interface Manifest {
  version?: string;
  dependencies?: Record<string, string>;
}

function readManifest(path: string): Manifest | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/**
 * Runs `npm ci` in bench/better-auth unless the pinned better-auth is installed there already: on
 * first use, and again when the pin moves (an older copy would measure the wrong version).
 */
export function ensureBetterAuthInstalled(): void {
  const pinned = readManifest(join(PACKAGE_DIR, 'package.json'))?.dependencies?.['better-auth'];
  if (readManifest(join(PACKAGE_DIR, 'node_modules/better-auth/package.json'))?.version === pinned) return;
  console.error(`Installing better-auth ${pinned} for the bench (first use: npm ci in bench/better-auth)…`);
  // npm's own output is shown only when it fails (execFileSync's error carries it).
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PACKAGE_DIR, stdio: 'pipe' });
}

/** better-auth on node:http, NODE_ENV=production, on a SQLite file in `dataDir` (a new directory per run). */
export async function startBetterAuth({
  cookieCache,
  dataDir,
}: {
  cookieCache: boolean;
  dataDir: string;
}): Promise<ServerProcess> {
  ensureBetterAuthInstalled();
  const setting = cookieCache ? 'on' : 'off';
  return startServerProcess(
    join(PACKAGE_DIR, 'server.mjs'),
    '/api/auth/ok',
    { NODE_ENV: 'production', DATABASE: join(dataDir, `better-auth-cache-${setting}.db`), COOKIE_CACHE: setting },
    PACKAGE_DIR,
  );
}
