/**
 * @module The built web app (`apps/web/dist`), served at `/` for every path outside `/api`. Files
 * under `assets/` carry a content hash in their name, so they are cached for a year; any other
 * path that is not a file gets `index.html`, and the app's router decides (a deep link such as
 * `/invitations/abc` must work on reload). The HTML is never cached and forbids framing and
 * scripts from anywhere but this server.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Emotion injects <style> elements, hence 'unsafe-inline' for styles only; user avatars may be
// any https image. Scripts only from this origin: an injected <script> cannot run.
const HTML_HEADERS = Object.freeze({
  'content-type': TYPES['.html']!,
  'cache-control': 'no-cache',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
});

export type WebApp = (request: Request) => Promise<Response>;

/** undefined when the app is not built: the server then serves only the API. */
export function createWebApp(dir: string = DEFAULT_WEB_DIR): WebApp | undefined {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return undefined;

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const file = await findFile(root, new URL(request.url).pathname);
    const path = file ?? join(root, 'index.html');
    const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(path));
    if (!file || extname(path) === '.html') return new Response(body, { headers: { ...HTML_HEADERS } });
    const immutable = path.startsWith(join(root, 'assets') + sep);
    return new Response(body, {
      headers: {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    });
  };
}

/** A regular file inside the root, or undefined: `..` and encoded separators never leave it. */
async function findFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = resolve(root, '.' + decoded);
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  try {
    return (await stat(candidate)).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}
