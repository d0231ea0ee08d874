/**
 * The web app beside the API: files of the build are served with their type and cache policy, a
 * navigation to any other path outside `/api` gets index.html (deep links) while anything else
 * that names no file is a 404, nothing outside the build folder is reachable, and `/api` paths
 * never fall through to the app. The build's brotli and gzip copies go to the clients that accept
 * them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../src/http-server';
import { createWebApp } from '../src/web-app';
import { rawRequest } from './support/raw-http';

let dir: string;
let http: HttpServer;
let url: string;

const SCRIPT = 'console.log("a script long enough to be worth compressing");\n'.repeat(20);
const PAGE = '<!doctype html><title>app</title>' + '<!-- padding -->'.repeat(20);

/** A GET or HEAD as a browser sends it, answered as the bytes on the wire (no decoding). */
function exchange(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url + path, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-web-app-'));
  const root = join(dir, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(join(root, 'index.html.gz'), gzipSync(PAGE));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  // A file the build found not worth compressing in brotli's form only.
  writeFileSync(join(root, 'assets', 'only-gzip-def456.css'), 'p{}');
  writeFileSync(join(root, 'assets', 'only-gzip-def456.css.gz'), gzipSync('p{}'));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dir, 'secret.txt'), 'outside the build');
  const webApp = createWebApp(root);
  http = createHttpServer({
    handler: async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ api: true }));
    },
    basePath: '/api/auth',
    logger: { debug() {}, error() {} },
    webApp,
  });
  await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await http.close(1000);
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app served by the standalone server', () => {
  const navigate = (path: string, init: RequestInit = {}) =>
    fetch(url + path, { ...init, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

  it('serves index.html to a navigation at / and at any deep link, never cached, with a strict CSP', async () => {
    // `/device` too: the OAuth provider's verification_uri is the app's page, its API is under /api/auth.
    for (const path of ['/', '/invitations/abc', '/account/sessions?x=1', '/device?user_code=ABCD-EFGH']) {
      const response = await navigate(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(await response.text()).toContain('<title>app</title>');
    }
  });

  it('answers 404, not the app, to a missing file or to a request that does not ask for HTML', async () => {
    for (const path of ['/assets/nope.js', '/favicon.ico', '/.env', '/assets/index-abc123.js.bak']) {
      for (const response of [await fetch(url + path), await navigate(path)]) {
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(await response.text(), path).toBe('Not found');
      }
    }
    const json = await fetch(`${url}/account`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
  });

  it('sends Strict-Transport-Security on every answer when the server is reached over https', async () => {
    const secure = createWebApp(join(dir, 'dist'), { https: true })!;
    const answers = [
      await secure(new Request('https://auth.example.com/account', { headers: { accept: 'text/html' } })),
      await secure(new Request('https://auth.example.com/assets/index-abc123.js')),
      await secure(new Request('https://auth.example.com/assets/nope.js')),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404]);
    for (const answer of answers)
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves hashed assets as immutable and other files with their type', async () => {
    const asset = await fetch(`${url}/assets/index-abc123.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(SCRIPT);
    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the brotli copy to a client that accepts it, else the gzip copy, else the file, each with Vary and its length', async () => {
    const cases: [string, string | undefined, (body: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['identity', undefined, (body) => body],
      ['', undefined, (body) => body],
    ];
    for (const [acceptEncoding, encoding, decode] of cases) {
      const answer = await exchange('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(answer.headers['vary'], acceptEncoding).toBe('Accept-Encoding');
      expect(answer.headers['content-type'], acceptEncoding).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-length'], acceptEncoding).toBe(String(answer.body.length));
      expect(decode(answer.body).toString(), acceptEncoding).toBe(SCRIPT);
    }
  });

  it("weighs the client's q-values: a refused coding is never sent, and the heavier one wins", async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['BR;Q=0.8, gzip;q=0.8', 'br'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, encoding] of cases) {
      const answer = await exchange('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
    }
  });

  it('falls back to the copies there are: gzip when brotli was not written, and the file with no copies at all', async () => {
    const css = await exchange('/assets/only-gzip-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['vary']).toBe('Accept-Encoding');
    expect(gunzipSync(css.body).toString()).toBe('p{}');
    const robots = await exchange('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.headers['vary']).toBeUndefined();
    expect(robots.headers['content-length']).toBe(String('User-agent: *'.length));
    expect(robots.body.toString()).toBe('User-agent: *');
  });

  it('sends index.html compressed at any deep link, still never cached and with its security headers', async () => {
    for (const path of ['/', '/admin/users']) {
      const answer = await exchange(path, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers['vary'], path).toBe('Accept-Encoding');
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(answer.headers['content-length'], path).toBe(String(answer.body.length));
      expect(brotliDecompressSync(answer.body).toString(), path).toBe(PAGE);
    }
  });

  it('answers HEAD with the headers and length a GET would have, and no body', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const get = await exchange('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      const head = await exchange('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding }, 'HEAD');
      expect(head.status, acceptEncoding).toBe(200);
      expect(head.body.length, acceptEncoding).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'content-type', 'cache-control', 'vary'])
        expect(head.headers[name], `${acceptEncoding} ${name}`).toBe(get.headers[name]);
    }
  });

  it('never serves a file outside the build folder, however the path is written', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const exchange = await rawRequest(
        (http.server.address() as AddressInfo).port,
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(exchange.status, path).toBeDefined();
      expect(exchange.response, path).not.toContain('outside the build');
    }
  });

  it('keeps /api to the API: unknown API paths are a JSON 404, never the app', async () => {
    const response = await fetch(`${url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(await (await fetch(`${url}/api/auth/ok`)).json()).toEqual({ api: true });
  });

  it('answers 405 to other methods outside the API, and HEAD without a body', async () => {
    const post = await fetch(`${url}/account`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await navigate('/account', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('is off when the folder has no build', () => {
    expect(createWebApp(join(dir, 'missing'))).toBeUndefined();
  });
});
