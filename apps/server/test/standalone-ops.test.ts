/**
 * What an operator watches, on the real server: `/metrics` (off by default, behind a bearer token,
 * or on a loopback port of its own), `/readyz`, the request ids and the one log line per request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics, sampleValue } from './support/prometheus';
import { freePort, startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const TOKEN = 'scrape-token-0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const dirs: string[] = [];
const servers: StandaloneProcess[] = [];

async function start(env: Record<string, string>): Promise<StandaloneProcess> {
  const cwd = mkdtempSync(join(tmpdir(), 'latchkey-ops-'));
  dirs.push(cwd);
  const server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app'), ...env });
  servers.push(server);
  return server;
}

afterAll(async () => {
  if (process.env.SHOW_SERVER_LOG) for (const s of servers) console.log(s.stdout(), s.stderr());
  await Promise.all(servers.map((server) => stopStandalone(server)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type LogLine = Record<string, unknown>;

function logLines(server: StandaloneProcess): LogLine[] {
  return server
    .stdout()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LogLine);
}

/** Request logs arrive after the answer: wait for the `count` lines naming `requestId`. */
async function requestLog(server: StandaloneProcess, requestId: string, count = 1): Promise<LogLine[]> {
  let found: LogLine[] = [];
  for (let i = 0; i < 100; i++) {
    found = logLines(server).filter((line) => line.requestId === requestId);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return found;
}

describe('a server started without metrics settings', () => {
  let server: StandaloneProcess;
  beforeAll(async () => {
    server = await start({ LOG_LEVEL: 'info' });
  });

  it('answers /metrics with the 404 of any unknown path', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('is ready on its migrated SQLite database, in an answer no cache keeps', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('gives every answer a generated request id, and ignores one sent by a peer that is not a trusted proxy', async () => {
    for (const path of ['/api/auth/get-session', '/api/auth/no-such-route', '/readyz', '/elsewhere']) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
      expect(response.headers.get('x-request-id'), path).toMatch(UUID);
    }
  });

  it('logs each request once as JSON, without its query string, at info; probes only at debug', async () => {
    const response = await fetch(`${server.url}/api/auth/verify-email?token=secret-one-time-token`);
    const requestId = response.headers.get('x-request-id')!;
    const lines = await requestLog(server, requestId);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'Request',
        requestId,
        method: 'GET',
        path: '/api/auth/verify-email',
        status: response.status,
        durationMs: expect.any(Number),
      }),
    ]);
    const reset = await fetch(`${server.url}/api/auth/reset-password/secret-reset-token?callbackURL=/x`, {
      redirect: 'manual',
    });
    const [resetLine] = await requestLog(server, reset.headers.get('x-request-id')!);
    expect(resetLine?.path).toBe('/api/auth/reset-password/…');
    const ok = await fetch(`${server.url}/api/auth/ok`);
    await fetch(`${server.url}/readyz`);
    // The next request's line is written after the probes': by then theirs would be there too.
    await requestLog(server, (await fetch(`${server.url}/api/auth/get-session`)).headers.get('x-request-id')!);
    expect(logLines(server).filter((line) => line.path === '/api/auth/ok' || line.path === '/readyz')).toEqual([]);
    expect(server.stdout()).not.toContain(ok.headers.get('x-request-id'));
    expect(server.stdout()).not.toContain('secret-one-time-token');
    expect(server.stdout()).not.toContain('secret-reset-token');
  });

  it("writes the request id into an unexpected error's log line (here: a table gone from under the server)", async () => {
    const file = join(dirs[0]!, 'data', 'latchkey.db');
    const db = new Database(file);
    db.exec('ALTER TABLE user RENAME TO user_gone');
    db.close();
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
    });
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(UUID);
    // The error's line and the request's own.
    const lines = await requestLog(server, requestId, 2);
    expect(lines.find((line) => line.level === 50)).toMatchObject({
      msg: 'Unexpected error while handling a request',
      requestId,
    });
    expect(lines.find((line) => line.msg === 'Request')).toMatchObject({ status: 500, requestId });
  });
});

describe('a server with METRICS_TOKEN, behind a trusted proxy', () => {
  let server: StandaloneProcess;
  beforeAll(async () => {
    server = await start({ METRICS_TOKEN: TOKEN, TRUSTED_PROXIES: '127.0.0.1' });
  });

  it('refuses /metrics without the token, or with another, with 401 from the catalogue', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abc' },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    }
  });

  it('answers the token with Prometheus text counting the requests made before, with their latency', async () => {
    await fetch(`${server.url}/api/auth/get-session`);
    await fetch(`${server.url}/api/auth/get-session`);
    await fetch(`${server.url}/api/auth/no-such-route`);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parseMetrics(await response.text());
    const requests = 'latchkey_http_requests_total';
    expect(sampleValue(families, requests, { route: 'getSession', method: 'GET', status: '200' })).toBe(2);
    expect(sampleValue(families, requests, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(families.types.get('latchkey_http_request_duration_seconds')).toBe('histogram');
    expect(sampleValue(families, 'latchkey_http_request_duration_seconds_count', { route: 'getSession' })).toBe(2);
    expect(families.types.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts the sign-ins the engine reports, by method and outcome', async () => {
    const post = (path: string, body: object) =>
      fetch(`${server.url}/api/auth${path}`, {
        method: 'POST',
        // Node's fetch sends Sec-Fetch-Mode as a browser does, so it must name its origin too.
        headers: { 'content-type': 'application/json', origin: server.url.replace('127.0.0.1', 'localhost') },
        body: JSON.stringify(body),
      });
    const email = `counted-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    expect((await post('/sign-up/email', { email, password, name: 'Counted' })).status).toBe(200);
    expect((await post('/sign-in/email', { email, password })).status).toBe(200);
    expect((await post('/sign-in/email', { email, password: 'not the password at all' })).status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const families = parseMetrics(await response.text());
    const signIns = 'latchkey_sign_ins_total';
    expect(sampleValue(families, signIns, { method: 'email', outcome: 'success' })).toBe(1);
    expect(sampleValue(families, signIns, { method: 'email', outcome: 'failure' })).toBe(1);
  });

  it('keeps the request id a trusted proxy sends, unless it is malformed', async () => {
    const kept = await fetch(`${server.url}/api/auth/ok`, { headers: { 'x-request-id': 'Root=1-abc-def' } });
    expect(kept.headers.get('x-request-id')).toBe('Root=1-abc-def');
    const replaced = await fetch(`${server.url}/api/auth/ok`, { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('a server with METRICS_PORT', () => {
  let server: StandaloneProcess;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await start({ METRICS_PORT: String(metricsPort) });
  });

  it('serves /metrics on the loopback port without a token, and not on the main port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(parseMetrics(await response.text()).types.has('latchkey_http_requests_total')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('listens for metrics on 127.0.0.1 only', async () => {
    const bound = await new Promise<string>((resolve) => {
      // Another local address of the host: nothing listens there.
      const req = httpRequest({ host: '127.0.0.2', port: metricsPort, path: '/metrics' }, () => resolve('answered'));
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      req.end();
    });
    expect(bound).toBe('ECONNREFUSED');
  });
});

describe('a server whose Redis is away', () => {
  it('is not ready, and says Redis is what failed', async () => {
    const server = await start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' },
    });
  });
});
