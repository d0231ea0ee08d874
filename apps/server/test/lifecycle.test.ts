/**
 * Start-up refusals and graceful shutdown of the real process: the exit code, what the operator
 * reads, and that a request in flight when SIGTERM arrives still gets its whole answer.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import {
  freePort,
  spawnStandalone,
  startStandalone,
  stopStandalone,
  type StandaloneProcess,
} from './support/standalone-process';

let cwd: string;
let server: StandaloneProcess | undefined;

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-lifecycle-'));
});

afterEach(async () => {
  await stopStandalone(server);
  server = undefined;
  rmSync(cwd, { recursive: true, force: true });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('start-up', () => {
  it('in production refuses to start without LATCHKEY_SECRET, says why on stderr, and exits 1', async () => {
    server = spawnStandalone(cwd, { NODE_ENV: 'production' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/^latchkey: LATCHKEY_SECRET is required when NODE_ENV=production/);
    expect(existsSync(join(cwd, 'data', 'secret'))).toBe(false);
  });

  it('refuses a bad configuration with every problem listed and exits 1', async () => {
    server = spawnStandalone(cwd, { RATE_LIMIT: 'maybe', DATABASE_URL: 'redis://x' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      'latchkey: Invalid configuration:\n  - RATE_LIMIT="maybe": must be "on" or "off"',
    );
  });

  it('refuses to start when GEOIP_DATABASE names a file that is not there, saying which, and exits 1', async () => {
    const file = join(cwd, 'GeoLite2-City.mmdb');
    server = spawnStandalone(cwd, { GEOIP_DATABASE: file }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(
      new RegExp(`^latchkey: GEOIP_DATABASE="${file}": cannot be opened as a MaxMind DB file \\(ENOENT`),
    );
    expect(existsSync(join(cwd, 'data', 'secret'))).toBe(false);
  });

  it('starts in production with a secret and a DATABASE_URL in a folder that does not exist yet', async () => {
    const file = join(cwd, 'nested', 'auth.db');
    server = await startStandalone(cwd, {
      NODE_ENV: 'production',
      LATCHKEY_SECRET: 'p'.repeat(48),
      DATABASE_URL: `sqlite:${file}`,
    });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });
});

describe('shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const running = await startStandalone(cwd, { DATABASE_URL: join(cwd, 'shutdown.db') });
    server = running;
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const head =
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const half = Math.floor(body.length / 2);

    // The request is in flight from the server's point of view: headers read, body incomplete.
    const exchange = rawRequest(running.port, head + body.slice(0, half), {
      timeoutMs: 10_000,
      afterWrite: async (socket) => {
        await fetch(`${running.url}/api/auth/ok`);
        running.child.kill('SIGTERM');
        await until(() => running.stdout().includes('Shutting down'));
        await expect(fetch(`${running.url}/api/auth/ok`)).rejects.toThrow();
        socket.write(body.slice(half));
      },
    });

    const { status, response, closed } = await exchange;
    expect(status).toBe(401);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect(closed).toBe(true);
    expect(await running.exited).toBe(0);
    expect(running.stdout()).toContain('"msg":"Stopped"');
  });

  it('on SIGINT with idle keep-alive connections exits 0 promptly', async () => {
    const running = await startStandalone(cwd);
    server = running;
    await fetch(`${running.url}/api/auth/ok`, { headers: { connection: 'keep-alive' } });
    const started = Date.now();
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    // Well under the 5 s keep-alive timeout: idle connections are closed, not waited for.
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
