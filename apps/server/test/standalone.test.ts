/**
 * The deployable end to end: a real child process on a real port, spoken to with fetch and with
 * raw bytes. Every hostile request is followed by a health check, since the requirement is that no
 * request, however malformed, stops the process.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieFetch } from '../../../test/cookie-fetch';
import { rawRequest } from './support/raw-http';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

let cwd: string;
let server: StandaloneProcess;

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-standalone-'));
  // No web app here (web-app.test.ts covers it): paths outside the API are then a JSON 404.
  server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app') });
});

afterAll(async () => {
  if (process.env.SHOW_SERVER_LOG) console.log(server.stdout(), server.stderr());
  await stopStandalone(server);
  rmSync(cwd, { recursive: true, force: true });
});

async function expectAlive(): Promise<void> {
  const response = await fetch(`${server.url}/api/auth/ok`, { signal: AbortSignal.timeout(5000) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
}

// `Connection: close` lets each exchange end when the answer is complete instead of at the time limit.
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

function post(path: string, body: string | Buffer, headers = ''): Buffer {
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${headers}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(body)]);
}

describe('standalone server, started with no configuration', () => {
  it('creates and migrates ./data/latchkey.db and keeps a private generated secret beside it', () => {
    expect(existsSync(join(cwd, 'data', 'latchkey.db'))).toBe(true);
    expect(statSync(join(cwd, 'data', 'secret')).mode & 0o777).toBe(0o600);
  });

  it('logs JSON lines, one of them naming the URL and the database dialect', async () => {
    const lines = () =>
      server
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // pino writes stdout asynchronously: the line may land just after the first answer.
    const started = await vi.waitFor(() => {
      const line = lines().find((entry) => String(entry.msg).startsWith('Latchkey listening'));
      if (!line) throw new Error('not logged yet');
      return line;
    });
    expect(started).toMatchObject({ url: `http://localhost:${server.port}`, dialect: 'sqlite' });
    expect(lines().some((line) => line.level === 40 && String(line.msg).includes('LATCHKEY_SECRET is not set'))).toBe(
      true,
    );
  });

  it('answers GET /api/auth/ok and a JSON 404 outside the API', async () => {
    await expectAlive();
    const missing = await fetch(`${server.url}/dashboard`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('signs up over HTTP and reads the session back with the cookies it set', async () => {
    // A browser's sign-up: Node's fetch sends Sec-Fetch-Mode, so it must name its origin.
    const browser = cookieFetch(`http://localhost:${server.port}`);
    const signUp = await browser.postJson(`${server.url}/api/auth/sign-up/email`, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    expect(browser.cookies.header(server.url)).toContain('latchkey.session_token=');

    for (const query of ['', '?disableCookieCache=true']) {
      const session = await browser.fetch(`${server.url}/api/auth/get-session${query}`);
      expect(session.status).toBe(200);
      expect(session.headers.get('cache-control')).toBe('no-store');
      expect(await session.json()).toMatchObject({ user: { email: 'ada@example.com', name: 'Ada' } });
    }
  });

  it('serves the plugins it enables: username sign-in, the admin area refusing a plain user, organizations with teams', async () => {
    const browser = cookieFetch(`http://localhost:${server.port}`);
    const api = `${server.url}/api/auth`;
    const signUp = await browser.postJson(`${api}/sign-up/email`, {
      name: 'Org',
      email: 'org@example.com',
      password: 'correct horse battery',
      username: 'Org.Owner',
    });
    expect(signUp.status).toBe(200);
    expect(await signUp.json()).toMatchObject({ user: { username: 'org.owner', role: 'user' } });
    const signIn = await browser.postJson(`${api}/sign-in/username`, {
      username: 'ORG.owner',
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);

    expect((await browser.fetch(`${api}/admin/list-users`)).status).toBe(403);
    const created = await browser.postJson(`${api}/organization/create`, { name: 'Acme', slug: 'acme' });
    expect(created.status).toBe(200);
    const full = await browser.fetch(`${api}/organization/get-full-organization`);
    expect(await full.json()).toMatchObject({ slug: 'acme', members: [{ role: 'owner' }], teams: [{ name: 'Acme' }] });
  });

  describe('survives hostile requests', () => {
    const cases: [name: string, bytes: string | Buffer, expected: number | undefined][] = [
      ['an unparsable Host header', 'GET /api/auth/ok HTTP/1.1\r\nHost: [::\r\nConnection: close\r\n\r\n', 400],
      ['a missing Host header', 'GET /api/auth/ok HTTP/1.1\r\n\r\n', 400],
      ['an invalid request line', 'GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n', 400],
      ['garbage bytes', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]), 400],
      ['a control character in a header value', 'GET /api/auth/ok HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n', 400],
      ['a space in a header name', 'GET /api/auth/ok HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400],
      ['an oversized header', `GET /api/auth/ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      [
        'both Content-Length and chunked',
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      [
        'an invalid chunk size',
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
        400,
      ],
      ['a percent sign that decodes to nothing', get('/api/auth/%'), 404],
      ['a broken UTF-8 escape', get('/api/auth/get-session?x=%E0%A4%A'), 200],
      ['a doubled leading slash', get('//api/auth/ok'), 200],
      ['a backslash in the path', get('/api/auth\\ok'), 400],
      [
        'an absolute-form target',
        'GET http://evil.example/api/auth/ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
        200,
      ],
      ['a NUL byte in the path', get('/api/auth/ok%00'), 404],
      [
        'a garbage cookie header',
        `GET /api/auth/get-session HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: latchkey.session_token=%zz%; =;;; \xff\xfe=\x80; latchkey.session_data=!!\r\n\r\n`,
        200,
      ],
      ['invalid JSON', post('/api/auth/sign-in/email', '{"email": '), 400],
      ['a JSON body that is not an object', post('/api/auth/sign-in/email', '[1,2,3]'), 400],
      // The excess bytes are read as a second, malformed request on the same connection.
      [
        'a body longer than its Content-Length',
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"a":1}',
        400,
      ],
      [
        'a body shorter than its Content-Length, then the client gives up',
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}`,
        undefined,
      ],
      [
        'a truncated chunked body, then the client gives up',
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"a"',
        undefined,
      ],
    ];

    it.each(cases)('%s', async (_name, bytes, expected) => {
      const exchange = await rawRequest(server.port, bytes, { end: expected === undefined });
      if (expected !== undefined) expect(exchange.status, exchange.response).toBe(expected);
      expect(exchange.response).not.toMatch(/^HTTP\/1\.1 5\d\d/);
      await expectAlive();
    });

    it('answers a request Node cannot parse with its catalogue entry as JSON', async () => {
      const exchange = await rawRequest(
        server.port,
        `GET /api/auth/ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(exchange.response).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(JSON.parse(exchange.response.slice(exchange.response.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message: 'Request Header Fields Too Large',
      });
    });

    it('a 2 MB body answers 413', async () => {
      const exchange = await rawRequest(
        server.port,
        post('/api/auth/sign-in/email', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })),
      );
      expect(exchange.status).toBe(413);
      await expectAlive();
    });

    // A body larger than the kernel's buffers, so the client is still writing when the server has
    // decided. Closing then would reset the connection: the client's write fails, and a client that
    // has not yet read the 413 (a busy one) loses it. The server reads the rest away first.
    it('an 8 MB body answers 413 to a client that reads the answer late', async () => {
      const exchange = await rawRequest(
        server.port,
        post('/api/auth/sign-in/email', JSON.stringify({ pad: 'x'.repeat(8 * 1024 * 1024) })),
        { readAfterMs: 300 },
      );
      expect(exchange.status).toBe(413);
      await expectAlive();
    });

    it('a 2 MB chunked body without Content-Length answers 413', async () => {
      const chunk = 'x'.repeat(64 * 1024);
      const body =
        Array.from({ length: 32 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('') + '0\r\n\r\n';
      const head =
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
      const exchange = await rawRequest(server.port, head + body);
      expect(exchange.status).toBe(413);
      await expectAlive();
    });

    it('keeps answering after a connection is reset mid-request', async () => {
      await rawRequest(
        server.port,
        post('/api/auth/sign-in/email', '{"email":"a@b.c","password":"xxxxxxxx"}').subarray(0, 90),
        {
          timeoutMs: 50,
        },
      );
      await expectAlive();
    });
  });
});
