/**
 * `auth.nodeHandler` on a real node:http server answers exactly what `auth.handler` answers: the
 * same status, headers and bytes, a HEAD without its body, each cookie in a Set-Cookie header of its
 * own, pages that endpoints build as a Response, and the catalogue's 404 and 413.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, BASE_URL, describeEachDialect, ORIGIN, uniqueEmail, type Harness } from './support/harness';

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describeEachDialect('the Node handler', (h: () => Harness) => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => void h().auth.nodeHandler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** One request on its own connection, headers as sent (Host names the base URL's origin). */
  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Exchange> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path: API + path, headers: { host: 'localhost:3000', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers JSON with its length, as the fetch handler answers it', async () => {
    const exchange = await send('GET', '/ok');
    const fetched = await h().auth.handler(new Request(`${BASE_URL}${API}/ok`));
    expect(exchange.status).toBe(200);
    expect(exchange.body).toBe(await fetched.text());
    expect(exchange.headers['content-type']).toBe('application/json');
    expect(exchange.headers['cache-control']).toBe('no-store');
    expect(exchange.headers['content-length']).toBe(String(Buffer.byteLength(exchange.body)));
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const exchange = await send('HEAD', '/ok');
    expect(exchange.status).toBe(200);
    expect(exchange.body).toBe('');
    expect(exchange.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ ok: true }))));
  });

  it('signs up from a JSON body and sets each cookie in a header of its own, which get-session then reads', async () => {
    const email = uniqueEmail('node');
    const signUp = await send(
      'POST',
      '/sign-up/email',
      { origin: ORIGIN, 'content-type': 'application/json' },
      JSON.stringify({ email, password: 'correct horse battery', name: 'Node User' }),
    );
    expect(signUp.status).toBe(200);
    const cookies = (signUp.headers['set-cookie'] ?? []) as string[];
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(
      expect.arrayContaining(['latchkey.session_token', 'latchkey.session_data']),
    );
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const session = await send('GET', '/get-session', { cookie });
    const body = JSON.parse(session.body) as { session: { token: string }; user: { email: string } };
    expect(body.user.email).toBe(email);
    expect(body.session.token).toBe((JSON.parse(signUp.body) as { token: string }).token);
    const fetched = await h().auth.handler(new Request(`${BASE_URL}${API}/get-session`, { headers: { cookie } }));
    expect(session.body).toBe(await fetched.text());
  });

  it('sends a page an endpoint built as a Response, with its own headers', async () => {
    const exchange = await send('GET', '/error?error=state_not_found');
    expect(exchange.status).toBe(200);
    expect(exchange.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(exchange.body).toContain('state_not_found');
  });

  it("answers an unknown route with the catalogue's 404 and an oversized body with 413, closing the connection", async () => {
    const missing = await send('GET', '/no-such-route');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'NOT_FOUND' });
    const big = await send(
      'POST',
      '/sign-in/email',
      { origin: ORIGIN, 'content-type': 'application/json' },
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(big.status).toBe(413);
    expect(big.headers.connection).toBe('close');
  });
});
