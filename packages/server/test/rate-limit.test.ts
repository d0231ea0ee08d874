import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineEndpoint, type Plugin } from '../src';
import { resolveOptions } from '../src/auth/options';
import {
  API,
  BASE_URL,
  describeEachDialect,
  ORIGIN,
  SECRET,
  uniqueEmail,
  type Harness,
  type TestResponse,
} from './support/harness';
import { countRows } from './support/rows';

const PASSWORD = 'correct horse battery';
const tooMany = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };

/** A route with a path parameter, as reset-password and invitation links will have. */
const itemPlugin: Plugin = {
  id: 'items',
  endpoints: [
    defineEndpoint({
      id: 'getItem',
      method: 'GET',
      path: '/item/:id',
      rateLimit: 'strict',
      async handler({ params }) {
        return { id: params.id };
      },
    }),
  ],
};

let ipCounter = 0;
/** Every test counts under addresses of its own, since the counters live as long as the instance. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function expectTooMany(response: TestResponse, retryAfter?: string): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(tooMany);
  const header = response.headers.get('x-retry-after');
  expect(header).toMatch(/^\d+$/);
  if (retryAfter !== undefined) expect(header).toBe(retryAfter);
}

/** Sends `path` from a raw Request so that the path reaches the router exactly as written. */
function rawPost(h: Harness, path: string, body: unknown, clientIp: string, headers: Record<string, string> = {}) {
  return h.auth.handler(
    new Request(BASE_URL + API + path, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { clientIp },
  );
}

describeEachDialect(
  'rate limit',
  (h) => {
    it('answers 100 requests per 10 seconds on an ordinary route, then 429 TOO_MANY_REQUESTS', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 100; i++) expect((await client.get('/ok')).status, `request ${i + 1}`).toBe(200);
      expectTooMany(await client.get('/ok'), '10');
    });

    it('answers 3 sign-in attempts per 10 seconds, then 429 with X-Retry-After in seconds, even for the right password', async () => {
      const email = uniqueEmail('limited');
      await h().signUp(email, PASSWORD);
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++)
        expect((await client.post('/sign-in/email', { email, password: 'wrong password' })).status).toBe(401);
      const sessions = await countRows(h(), 'session');
      const refused = await client.post('/sign-in/email', { email, password: PASSWORD });
      expectTooMany(refused, '10');
      expect(refused.setCookies.size).toBe(0);
      expect(await countRows(h(), 'session')).toBe(sessions);
    });

    it('answers 3 sign-ups per 10 seconds, then 429 without creating the fourth user', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++) {
        expect(
          (await client.post('/sign-up/email', { email: uniqueEmail('burst'), password: PASSWORD, name: 'Burst' }))
            .status,
        ).toBe(200);
      }
      const email = uniqueEmail('fourth');
      expectTooMany(await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Fourth' }));
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });

    it('counts down X-Retry-After and opens again once the window has passed', async () => {
      const email = uniqueEmail('window');
      await h().signUp(email, PASSWORD);
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++) await client.post('/sign-in/email', { email, password: 'wrong password' });
      expectTooMany(await client.post('/sign-in/email', { email, password: PASSWORD }), '10');
      h().clock.advance(4);
      expectTooMany(await client.post('/sign-in/email', { email, password: PASSWORD }), '6');
      h().clock.advance(6);
      const reopened = await client.post('/sign-in/email', { email, password: PASSWORD });
      expect(reopened.status).toBe(200);
      expect(reopened.body.user.email).toBe(email);
    });

    it('resets the ordinary limit after the window', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 100; i++) await client.get('/ok');
      expectTooMany(await client.get('/ok'));
      h().clock.advance(10);
      expect((await client.get('/ok')).status).toBe(200);
    });

    it('counts each client address separately', async () => {
      const first = h().client(freshIp());
      const second = h().client(freshIp());
      for (let i = 0; i < 3; i++) await first.post('/sign-in/email', { email: uniqueEmail('a'), password: PASSWORD });
      expectTooMany(await first.post('/sign-in/email', { email: uniqueEmail('a'), password: PASSWORD }));
      expect((await second.post('/sign-in/email', { email: uniqueEmail('b'), password: PASSWORD })).status).toBe(401);
    });

    it('counts each path separately: sign-in, sign-up and ordinary routes have their own counters', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++) await client.post('/sign-in/email', { email: uniqueEmail('p'), password: PASSWORD });
      expectTooMany(await client.post('/sign-in/email', { email: uniqueEmail('p'), password: PASSWORD }));
      expect(
        (await client.post('/sign-up/email', { email: uniqueEmail('p'), password: PASSWORD, name: 'P' })).status,
      ).toBe(200);
      expect((await client.get('/ok')).status).toBe(200);
    });

    it('counts the IPv6 addresses of one /64 together and another /64 apart', async () => {
      const prefix = `2001:db8:${(++ipCounter).toString(16)}`;
      const post = (ip: string) =>
        h()
          .client(ip)
          .post('/sign-in/email', { email: uniqueEmail('v6'), password: PASSWORD });
      expect((await post(`${prefix}::1`)).status).toBe(401);
      expect((await post(`${prefix}::2:3`)).status).toBe(401);
      expect((await post(`${prefix}:0:ffff:ffff:ffff:ffff`)).status).toBe(401);
      expectTooMany(await post(`${prefix}::abcd`));
      expectTooMany(await post(`${prefix.toUpperCase()}:0000::9`));
      expect((await post(`${prefix}:1::1`)).status).toBe(401);
    });

    it('counts `//sign-in/email` and `/sign-in/email/` as `/sign-in/email`, and routes them the same', async () => {
      const ip = freshIp();
      const body = { email: uniqueEmail('slashes'), password: PASSWORD };
      expect((await rawPost(h(), '/sign-in/email', body, ip)).status).toBe(401);
      expect((await rawPost(h(), '//sign-in/email', body, ip)).status).toBe(401);
      expect((await rawPost(h(), '/sign-in/email/', body, ip)).status).toBe(401);
      const response = await rawPost(h(), '//sign-in//email//', body, ip);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual(tooMany);
    });

    it('counts a percent-encoded spelling of the path as the path itself', async () => {
      const ip = freshIp();
      const body = { email: uniqueEmail('encoded'), password: PASSWORD };
      for (let i = 0; i < 3; i++) expect((await rawPost(h(), '/sign-in/email', body, ip)).status).toBe(401);
      expect((await rawPost(h(), '/sign-in/%65mail', body, ip)).status).toBe(429);
    });

    it('ignores X-Forwarded-For when the socket peer is not a trusted proxy', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++) {
        const response = await client.post(
          '/sign-in/email',
          { email: uniqueEmail('xff'), password: PASSWORD },
          { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } },
        );
        expect(response.status).toBe(401);
      }
      expectTooMany(
        await client.post(
          '/sign-in/email',
          { email: uniqueEmail('xff'), password: PASSWORD },
          { headers: { 'x-forwarded-for': '192.0.2.99' } },
        ),
      );
    });

    it('does not count a request whose client address is unknown under a key shared by everyone', async () => {
      for (let i = 0; i < 105; i++) {
        const response = await h().auth.handler(new Request(`${BASE_URL}${API}/ok`));
        expect(response.status).toBe(200);
      }
    });

    it('counts a route with a path parameter once for all its values, so varying the value cannot escape the limit', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 3; i++) {
        const response = await client.get(`/item/guess-${i}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ id: `guess-${i}` });
      }
      expectTooMany(await client.get('/item/guess-3'));
    });

    it('does not count requests to unknown routes', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 150; i++) expect((await client.get('/no-such-route')).status).toBe(404);
      expect((await client.get('/ok')).status).toBe(200);
    });
  },
  { rateLimit: { enabled: true }, plugins: [itemPlugin] },
);

describeEachDialect(
  'rate limit behind a trusted proxy',
  (h) => {
    const PROXY = '10.0.0.1';

    it('counts the client address from X-Forwarded-For when the socket peer is a trusted proxy', async () => {
      const proxy = h().client(PROXY);
      const client = freshIp();
      for (let i = 0; i < 3; i++) {
        const response = await proxy.post(
          '/sign-in/email',
          { email: uniqueEmail('proxied'), password: PASSWORD },
          { headers: { 'x-forwarded-for': client } },
        );
        expect(response.status).toBe(401);
      }
      expectTooMany(
        await proxy.post(
          '/sign-in/email',
          { email: uniqueEmail('proxied'), password: PASSWORD },
          { headers: { 'x-forwarded-for': client } },
        ),
      );
      const other = await proxy.post(
        '/sign-in/email',
        { email: uniqueEmail('proxied'), password: PASSWORD },
        { headers: { 'x-forwarded-for': freshIp() } },
      );
      expect(other.status).toBe(401);
    });

    it('takes the address the proxy saw, not one the client prepended', async () => {
      const proxy = h().client(PROXY);
      const client = freshIp();
      for (let i = 0; i < 3; i++) {
        const forged = `192.0.2.${i + 1}, ${client}`;
        await proxy.post(
          '/sign-in/email',
          { email: uniqueEmail('forged'), password: PASSWORD },
          { headers: { 'x-forwarded-for': forged } },
        );
      }
      expectTooMany(
        await proxy.post(
          '/sign-in/email',
          { email: uniqueEmail('forged'), password: PASSWORD },
          { headers: { 'x-forwarded-for': `192.0.2.77, ${client}` } },
        ),
      );
    });

    it('still ignores X-Forwarded-For from a peer that is not the proxy', async () => {
      const direct = h().client(freshIp());
      for (let i = 0; i < 3; i++) {
        await direct.post(
          '/sign-in/email',
          { email: uniqueEmail('direct'), password: PASSWORD },
          { headers: { 'x-forwarded-for': freshIp() } },
        );
      }
      expectTooMany(
        await direct.post(
          '/sign-in/email',
          { email: uniqueEmail('direct'), password: PASSWORD },
          { headers: { 'x-forwarded-for': freshIp() } },
        ),
      );
    });
  },
  { rateLimit: { enabled: true }, trustedProxies: ['10.0.0.1'] },
);

describeEachDialect(
  'rate limit with configured rules',
  (h) => {
    it('applies the configured window and maximum to ordinary routes', async () => {
      const client = h().client(freshIp());
      for (let i = 0; i < 5; i++) expect((await client.get('/ok')).status).toBe(200);
      expectTooMany(await client.get('/ok'), '60');
      h().clock.advance(59);
      expectTooMany(await client.get('/ok'), '1');
      h().clock.advance(1);
      expect((await client.get('/ok')).status).toBe(200);
    });

    it('applies the configured strict rule to sign-in', async () => {
      const client = h().client(freshIp());
      expect((await client.post('/sign-in/email', { email: uniqueEmail('strict'), password: PASSWORD })).status).toBe(
        401,
      );
      expectTooMany(await client.post('/sign-in/email', { email: uniqueEmail('strict'), password: PASSWORD }), '30');
    });
  },
  { rateLimit: { enabled: true, window: 60, max: 5, strict: { window: 30, max: 1 } } },
);

describeEachDialect('rate limit off', (h) => {
  it('is off unless enabled outside production, so tests and development are never throttled', async () => {
    const client = h().client(freshIp());
    for (let i = 0; i < 120; i++) expect((await client.get('/ok')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/sign-in/email', { email: uniqueEmail('off'), password: PASSWORD })).status).toBe(401);
    }
  });
});

describe('rate limit default', () => {
  const base = { baseURL: BASE_URL, secret: SECRET, database: { url: 'unused' } };

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is on when NODE_ENV is production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(resolveOptions(base).rateLimit.enabled).toBe(true);
  });

  it('is off when NODE_ENV is anything else or unset', () => {
    for (const value of ['development', 'test', '']) {
      vi.stubEnv('NODE_ENV', value);
      expect(resolveOptions(base).rateLimit.enabled, value).toBe(false);
    }
  });

  it('follows an explicit setting whatever NODE_ENV says', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(resolveOptions({ ...base, rateLimit: { enabled: false } }).rateLimit.enabled).toBe(false);
    vi.stubEnv('NODE_ENV', 'development');
    expect(resolveOptions({ ...base, rateLimit: { enabled: true } }).rateLimit.enabled).toBe(true);
  });

  it('uses 100 per 10 seconds, and 3 per 10 seconds on the strict routes', () => {
    const { rateLimit } = resolveOptions(base);
    expect(rateLimit.default).toEqual({ window: 10, max: 100 });
    expect(rateLimit.strict).toEqual({ window: 10, max: 3 });
  });
});
