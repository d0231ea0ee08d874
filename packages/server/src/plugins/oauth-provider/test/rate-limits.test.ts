/**
 * The provider's rate limits on every database (issue #31), at the server's shipped defaults: the
 * token, introspection and device authorization endpoints at the default tier (100 requests per
 * 10 s per address and route), registration at the strict tier (3 per 10 s). The request past the
 * limit is the catalogue's 429 with X-Retry-After; another address is not held up by it.
 */
import { expect, it } from 'vitest';
import { DEFAULTS } from '../../../auth/options';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { withOAuthProvider } from './fixtures';

let lastIp = 0;
/** An address of its own per route, so one route's count never spills into another's test. */
function freshIp(): string {
  lastIp += 1;
  return `203.0.113.${lastIp}`;
}

/**
 * A machine's request: no Origin, no cookie, refused at once (400/401), which still counts. The
 * protocol routes take a form; registration takes JSON (RFC 7591).
 */
function post(h: Harness, path: string, clientIp: string) {
  if (path === '/oauth2/register') return h.client().post(path, { redirect_uris: [] }, { clientIp, origin: null });
  return h.client().request('POST', path, undefined, {
    origin: null,
    clientIp,
    rawBody: new URLSearchParams({ client_id: 'nobody' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function expectLimitedAfter(h: Harness, path: string, max: number) {
  const ip = freshIp();
  const statuses = new Set<number>();
  for (let i = 0; i < max; i += 1) statuses.add((await post(h, path, ip)).status);
  expect([...statuses], path).not.toContain(429);
  const limited = await post(h, path, ip);
  expect(limited.status, path).toBe(429);
  expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
  expect((await post(h, path, freshIp())).status, `${path} from another address`).not.toBe(429);
}

describeEachDialect(
  'oauth-provider rate limits',
  (h) => {
    it('answers 429 past 100 requests in 10 s from one address at token, introspection and device authorization', async () => {
      expect(DEFAULTS.rateLimitMax).toBe(100);
      expect(DEFAULTS.rateLimitWindow).toBe(10);
      for (const path of ['/oauth2/token', '/oauth2/introspect', '/device/code'])
        await expectLimitedAfter(h(), path, DEFAULTS.rateLimitMax);
    });

    it('answers 429 past 3 registrations in 10 s from one address', async () => {
      expect(DEFAULTS.strictRateLimitMax).toBe(3);
      await expectLimitedAfter(h(), '/oauth2/register', DEFAULTS.strictRateLimitMax);
    });
  },
  withOAuthProvider({ dynamicRegistration: 'open' }, { rateLimit: { enabled: true } }),
);
