/**
 * The standalone server's transport settings on the real process: with an https BASE_URL every
 * answer carries Strict-Transport-Security (the engine's, the server's own routes, its 404s, and
 * requests refused before any handler); HOST chooses the address it listens on, every interface
 * when unset.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest } from './support/raw-http';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const HSTS = 'strict-transport-security: max-age=31536000; includesubdomains';

const dirs: string[] = [];
const servers: StandaloneProcess[] = [];

async function start(env: Record<string, string>): Promise<StandaloneProcess> {
  const cwd = mkdtempSync(join(tmpdir(), 'latchkey-transport-'));
  dirs.push(cwd);
  const server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app'), ...env }, 50_000);
  servers.push(server);
  return server;
}

afterAll(async () => {
  if (process.env.SHOW_SERVER_LOG) for (const s of servers) console.log(s.stdout(), s.stderr());
  await Promise.all(servers.map((server) => stopStandalone(server)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, host = 'auth.example.test') =>
  `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

/** Each kind of answer: [what, raw request, status]. */
const ANSWERS: [string, string, number][] = [
  ["the engine's JSON", get('/api/auth/ok'), 200],
  ["the engine's 404", get('/api/auth/no-such-route'), 404],
  ["the engine's error page", get('/api/auth/error?error=state_mismatch'), 200],
  [
    "the engine's refusal of a body",
    // No cookies and no Origin: a script's call, which the origin check lets through to the body.
    'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: auth.example.test\r\n' +
      'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]',
    400,
  ],
  ["the server's readiness route", get('/readyz'), 200],
  ["the server's 404 under /api", get('/api/elsewhere'), 404],
  ['a page path without the web app', get('/account'), 404],
  ['a Host that names no origin', get('/api/auth/ok', '[::'), 400],
  ['a request Node cannot parse', 'GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n', 400],
];

describe('a server whose BASE_URL is https', () => {
  let server: StandaloneProcess;
  beforeAll(async () => {
    server = await start({ BASE_URL: 'https://auth.example.test' });
  });

  it.each(ANSWERS)('sends Strict-Transport-Security with %s', async (_, bytes, status) => {
    const exchange = await rawRequest(server.port, bytes);
    expect(exchange.status).toBe(status);
    expect(exchange.response.toLowerCase()).toContain(HSTS);
  });
});

/** Started without HOST: it listens on every interface. */
let plain: StandaloneProcess;

describe('a server whose BASE_URL is http', () => {
  beforeAll(async () => {
    plain = await start({});
  });

  it.each(ANSWERS)('sends no Strict-Transport-Security with %s', async (_, bytes, status) => {
    const exchange = await rawRequest(plain.port, bytes);
    expect(exchange.status).toBe(status);
    expect(exchange.response.toLowerCase()).not.toContain('strict-transport-security');
  });
});

/** An IPv4 address of this machine other than loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

/** Whether a TCP connection to `address:port` is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the HOST setting', () => {
  let loopback: StandaloneProcess;
  beforeAll(async () => {
    loopback = await start({ HOST: '127.0.0.1' });
  });

  it('listens only on the HOST address when set, and on every interface when unset', async () => {
    const started = await vi.waitFor(() => {
      const line = loopback
        .stdout()
        .trim()
        .split('\n')
        .map((entry) => JSON.parse(entry) as Record<string, unknown>)
        .find((entry) => String(entry.msg).startsWith('Latchkey listening'));
      if (!line) throw new Error('not logged yet');
      return line;
    });
    expect(started).toMatchObject({ host: '127.0.0.1' });
    expect(await accepts('127.0.0.1', loopback.port)).toBe(true);
    const outside = outsideAddress();
    if (outside) {
      expect(await accepts(outside, plain.port)).toBe(true);
      expect(await accepts(outside, loopback.port)).toBe(false);
    }
  });
});
