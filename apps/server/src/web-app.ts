/**
 * @module The built web app (`apps/web/dist`), served at `/` for every path outside `/api`. Files
 * under `assets/` carry a content hash in their name, so they are cached for a year. A navigation
 * (GET or HEAD asking for text/html, to a path with no file extension) that names no file gets
 * `index.html`, and the app's router decides (a deep link such as `/invitations/abc` must work on
 * reload); anything else that names no file is a 404, so a chunk missing after an upgrade fails as
 * a failed import the app can recover from, not as HTML parsed as JavaScript. The HTML is never
 * cached and forbids framing, plugins and scripts from anywhere but this server. The build writes
 * brotli (`.br`) and gzip (`.gz`) copies beside its text files; a client that accepts one gets it,
 * with `Vary: Accept-Encoding` so that caches keep the versions apart. No ranges are served.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRICT_TRANSPORT_SECURITY } from '@latchkey/server';
import { representation } from './precompressed-file';

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
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  // frame-ancestors' predecessor, for browsers that predate CSP level 2.
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
});

/** What a browser sends when the user follows a link or reloads: HTML wanted, no file named. */
function isNavigation(request: Request, pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return (request.headers.get('accept') ?? '').includes('text/html') && !lastSegment.includes('.');
}

export type WebApp = (request: Request) => Promise<Response>;

export interface WebAppOptions {
  /** Answers carry Strict-Transport-Security: set when BASE_URL is https. */
  https?: boolean;
}

/** undefined when the app is not built: the server then serves only the API. */
export function createWebApp(dir: string = DEFAULT_WEB_DIR, { https = false }: WebAppOptions = {}): WebApp | undefined {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return undefined;

  const serve = async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const { pathname } = new URL(request.url);
    const file = await findFile(root, pathname);
    if (!file && !isNavigation(request, pathname))
      return new Response('Not found', {
        status: 404,
        headers: { 'content-type': TYPES['.txt']!, 'x-content-type-options': 'nosniff' },
      });
    const path = file ?? join(root, 'index.html');
    const sent = await representation(path, request.headers.get('accept-encoding'));
    const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(sent.path));
    const immutable = path.startsWith(join(root, 'assets') + sep);
    const headers: Record<string, string> =
      extname(path) === '.html'
        ? { ...HTML_HEADERS }
        : {
            'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
            'x-content-type-options': 'nosniff',
          };
    // A HEAD answer has no body to measure: it tells the length a GET would send.
    headers['content-length'] = String(body?.length ?? sent.size);
    if (sent.encoding) headers['content-encoding'] = sent.encoding;
    if (sent.negotiated) headers['vary'] = 'Accept-Encoding';
    return new Response(body, { headers });
  };
  if (!https) return serve;
  return async (request) => {
    const response = await serve(request);
    response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return response;
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
