/**
 * The web app beside the API: files of the build are served with their type and cache policy, a
 * navigation to any other path outside `/api` gets index.html (deep links) while anything else
 * that names no file is a 404, nothing outside the build folder is reachable, and `/api` paths
 * never fall through to the app.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../src/http-server';
import { createWebApp } from '../src/web-app';
import { rawRequest } from './support/raw-http';

let dir: string;
let http: HttpServer;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-web-app-'));
  const root = join(dir, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dir, 'secret.txt'), 'outside the build');
  const webApp = createWebApp(root);
  http = createHttpServer({
    handler: async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ api: true }));
    },
    basePath: '/api/auth',
    logger: { debug() {} },
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
    for (const path of ['/', '/invitations/abc', '/account/sessions?x=1']) {
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
    expect(await asset.text()).toBe('console.log(1)');
    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
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
