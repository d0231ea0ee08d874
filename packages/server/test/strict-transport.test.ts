/**
 * With an https base URL every answer of the engine carries Strict-Transport-Security, whichever
 * handler sends it (`auth.handler`, `auth.nodeHandler`) and whatever it is: JSON, an error, a 404,
 * the error page, a redirect. With an http base URL none does: the header only counts over https.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, STRICT_TRANSPORT_SECURITY, type Auth } from '../src';
import { API, SECRET } from './support/harness';

const SECURE_BASE = 'https://auth.example.test';

/** What each kind of answer looks like from a browser: [name, method, path, body, status]. */
const ANSWERS: [string, string, string, string | undefined, number][] = [
  ['a JSON answer', 'GET', '/ok', undefined, 200],
  ['a 404', 'GET', '/no-such-route', undefined, 404],
  ['the error page', 'GET', '/error?error=state_mismatch', undefined, 200],
  ['a refused body', 'POST', '/sign-in/email', '{"email":1}', 400],
  ['a redirect built as a Response', 'GET', '/reset-password/unknown?callbackURL=/reset', undefined, 302],
  ['a session-less get-session', 'GET', '/get-session', undefined, 200],
];

function authAt(baseURL: string): Auth {
  return createAuth({
    baseURL,
    secret: SECRET,
    database: { url: 'sqlite::memory:' },
    logger: { info() {}, warn() {}, error() {} },
  });
}

function fetchHeaders(auth: Auth, base: string, method: string, path: string, body?: string) {
  const headers: Record<string, string> = { origin: base };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return auth.handler(new Request(base + API + path, { method, headers, body: body ?? null }));
}

describe('Strict-Transport-Security from the engine', () => {
  let secure: Auth;
  let plain: Auth;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    secure = authAt(SECURE_BASE);
    plain = authAt('http://localhost:3000');
    await Promise.all([secure.migrate(), plain.migrate()]);
    server = createServer((req, res) => void secure.nodeHandler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([secure.close(), plain.close()]);
  });

  function nodeExchange(method: string, path: string, body?: string) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const headers: Record<string, string> = { host: 'auth.example.test', origin: SECURE_BASE };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const req = httpRequest({ host: '127.0.0.1', port, method, path: API + path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it.each(ANSWERS)(
    'is on %s from the fetch handler when the base URL is https',
    async (_, method, path, body, status) => {
      const response = await fetchHeaders(secure, SECURE_BASE, method, path, body);
      expect(response.status).toBe(status);
      expect(response.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    },
  );

  it.each(ANSWERS)(
    'is on %s from the Node handler when the base URL is https',
    async (_, method, path, body, status) => {
      const exchange = await nodeExchange(method, path, body);
      expect(exchange.status).toBe(status);
      expect(exchange.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    },
  );

  it.each(ANSWERS)('is not on %s when the base URL is http', async (_, method, path, body, status) => {
    const response = await fetchHeaders(plain, 'http://localhost:3000', method, path, body);
    expect(response.status).toBe(status);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('pins the host for a year, subdomains included', () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });
});
