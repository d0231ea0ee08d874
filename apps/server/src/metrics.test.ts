/**
 * The metrics observer on its own: the events it counts (which nothing in the engine may emit
 * yet), the request records, the pool gauge, and the bearer check of the scrape token.
 */
import { createHash } from 'node:crypto';
import type { AuthEvent, PoolStats } from '@latchkey/server';
import { describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from './metrics';
import { bearerMatches } from './metrics-endpoint';
import { parseMetrics, sampleValue } from '../test/support/prometheus';

const at = new Date('2026-01-01T00:00:00Z');
const event = (fields: Omit<AuthEvent, 'at'>): AuthEvent => ({ at, ...fields });

async function scrape(metrics: Metrics) {
  return parseMetrics(await metrics.render());
}

describe('the metrics observer', () => {
  it('counts sign-ins by method and outcome, locks, rate-limit refusals and mails, and nothing else', async () => {
    const metrics = await createMetrics();
    const events: AuthEvent[] = [
      event({ type: 'sign-in', outcome: 'success', method: 'email' }),
      event({ type: 'sign-in', outcome: 'success', method: 'email' }),
      event({ type: 'sign-in', outcome: 'failure', method: 'email' }),
      event({ type: 'sign-in', outcome: 'success', method: 'social:github' }),
      event({ type: 'sign-in-locked', outcome: 'failure', method: 'username' }),
      event({ type: 'rate-limited', outcome: 'failure', method: 'signInEmail' }),
      event({ type: 'mail-sent', outcome: 'success', method: 'verification' }),
      event({ type: 'mail-failed', outcome: 'failure', method: 'reset-password' }),
      // Not counted: the audit log's business.
      event({ type: 'sign-out', outcome: 'success' }),
      event({ type: 'sign-up', outcome: 'success', method: 'email' }),
    ];
    for (const e of events) metrics.observer.event!(e);
    const families = await scrape(metrics);
    expect(sampleValue(families, 'latchkey_sign_ins_total', { method: 'email', outcome: 'success' })).toBe(2);
    expect(sampleValue(families, 'latchkey_sign_ins_total', { method: 'email', outcome: 'failure' })).toBe(1);
    expect(sampleValue(families, 'latchkey_sign_ins_total', { method: 'social:github', outcome: 'success' })).toBe(1);
    expect(sampleValue(families, 'latchkey_sign_in_locks_total', { method: 'username' })).toBe(1);
    expect(sampleValue(families, 'latchkey_rate_limited_total', { route: 'signInEmail' })).toBe(1);
    expect(sampleValue(families, 'latchkey_mails_total', { kind: 'verification', outcome: 'sent' })).toBe(1);
    expect(sampleValue(families, 'latchkey_mails_total', { kind: 'reset-password', outcome: 'failed' })).toBe(1);
    const counted = families.samples.filter((s) =>
      /^latchkey_(sign_ins|sign_in_locks|rate_limited|mails)_total$/.test(s.name),
    );
    expect(counted).toHaveLength(7);
  });

  it("counts the OAuth provider's authorizations, consents, token exchanges and revocations", async () => {
    const metrics = await createMetrics();
    const events: AuthEvent[] = [
      event({ type: 'oauth-authorized', outcome: 'success' }),
      event({ type: 'oauth-authorized', outcome: 'failure' }),
      event({ type: 'oauth-consent-granted', outcome: 'success' }),
      event({ type: 'oauth-consent-denied', outcome: 'success' }),
      event({ type: 'oauth-device-approved', outcome: 'success' }),
      event({ type: 'oauth-token-issued', outcome: 'success', method: 'client_credentials' }),
      event({ type: 'oauth-token-issued', outcome: 'success', method: 'urn:ietf:params:oauth:grant-type:device_code' }),
      event({ type: 'oauth-token-refused', outcome: 'failure', method: 'refresh_token' }),
      // What a client sent as grant_type: any guess shares one series.
      event({ type: 'oauth-token-refused', outcome: 'failure', method: 'password' }),
      event({ type: 'oauth-token-refused', outcome: 'failure', method: 'x'.repeat(40) }),
      event({ type: 'oauth-token-refused', outcome: 'failure' }),
      event({ type: 'oauth-token-revoked', outcome: 'success', method: 'access_token' }),
      event({ type: 'oauth-token-replayed', outcome: 'failure', method: 'authorization_code' }),
      // Not counted: client management is the audit log's business.
      event({ type: 'oauth-client-created', outcome: 'success' }),
    ];
    for (const e of events) metrics.observer.event!(e);
    const families = await scrape(metrics);
    const value = (name: string, labels: Record<string, string>) => sampleValue(families, name, labels);
    expect(value('latchkey_oauth_authorizations_total', { outcome: 'success' })).toBe(1);
    expect(value('latchkey_oauth_authorizations_total', { outcome: 'failure' })).toBe(1);
    expect(value('latchkey_oauth_consents_total', { decision: 'granted' })).toBe(1);
    expect(value('latchkey_oauth_consents_total', { decision: 'denied' })).toBe(1);
    expect(value('latchkey_oauth_consents_total', { decision: 'device_approved' })).toBe(1);
    const tokens = 'latchkey_oauth_tokens_total';
    expect(value(tokens, { grant_type: 'client_credentials', outcome: 'issued' })).toBe(1);
    expect(value(tokens, { grant_type: 'device_code', outcome: 'issued' })).toBe(1);
    expect(value(tokens, { grant_type: 'refresh_token', outcome: 'refused' })).toBe(1);
    expect(value(tokens, { grant_type: 'other', outcome: 'refused' })).toBe(2);
    expect(value(tokens, { grant_type: 'unknown', outcome: 'refused' })).toBe(1);
    expect(value('latchkey_oauth_revocations_total', { cause: 'request' })).toBe(1);
    expect(value('latchkey_oauth_revocations_total', { cause: 'replay' })).toBe(1);
    expect(families.samples.filter((s) => s.name.startsWith('latchkey_oauth_'))).toHaveLength(12);
  });

  it('counts requests by route id, method and status, with a latency histogram, and unmatched paths under one label', async () => {
    const metrics = await createMetrics();
    metrics.observer.request!({ routeId: 'getSession', method: 'GET', status: 200, durationMs: 2 });
    metrics.observer.request!({ routeId: 'getSession', method: 'GET', status: 200, durationMs: 30 });
    metrics.observer.request!({ routeId: 'signInEmail', method: 'POST', status: 401, durationMs: 120 });
    metrics.observer.request!({ routeId: undefined, method: 'GET', status: 404, durationMs: 0 });
    const families = await scrape(metrics);
    const requests = { name: 'latchkey_http_requests_total' };
    expect(sampleValue(families, requests.name, { route: 'getSession', method: 'GET', status: '200' })).toBe(2);
    expect(sampleValue(families, requests.name, { route: 'signInEmail', method: 'POST', status: '401' })).toBe(1);
    expect(sampleValue(families, requests.name, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    const histogram = 'latchkey_http_request_duration_seconds';
    expect(families.types.get(histogram)).toBe('histogram');
    expect(sampleValue(families, `${histogram}_count`, { route: 'getSession' })).toBe(2);
    expect(sampleValue(families, `${histogram}_sum`, { route: 'getSession' })).toBeCloseTo(0.032);
    expect(sampleValue(families, `${histogram}_bucket`, { route: 'getSession', le: '0.0025' })).toBe(1);
    expect(sampleValue(families, `${histogram}_bucket`, { route: 'getSession', le: '0.05' })).toBe(2);
    expect(sampleValue(families, `${histogram}_bucket`, { route: 'signInEmail', le: '0.1' })).toBe(0);
    expect(sampleValue(families, `${histogram}_bucket`, { route: 'signInEmail', le: '0.25' })).toBe(1);
  });

  it('reports the database pool at each scrape, and nothing for a database without one', async () => {
    const metrics = await createMetrics();
    const pool: { stats?: PoolStats } = {};
    metrics.watchPool(() => pool.stats);
    expect((await scrape(metrics)).samples.filter((s) => s.name === 'latchkey_db_pool_connections')).toEqual([]);
    pool.stats = { total: 4, idle: 1, waiting: 2, max: 10 };
    const families = await scrape(metrics);
    for (const [state, value] of Object.entries(pool.stats))
      expect(sampleValue(families, 'latchkey_db_pool_connections', { state })).toBe(value);
  });

  it('includes the process and event-loop metrics', async () => {
    const { types } = await scrape(await createMetrics());
    expect([...types.keys()]).toEqual(
      expect.arrayContaining(['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes']),
    );
  });
});

describe('the scrape token check', () => {
  const token = 'scrape-token-0123456789';
  const expected = createHash('sha256').update(token).digest();

  it('accepts the token as a bearer, whatever the scheme’s case', () => {
    expect(bearerMatches(`Bearer ${token}`, expected)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, expected)).toBe(true);
  });

  it.each([undefined, '', 'Bearer', `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token])(
    'refuses %j',
    (header) => {
      expect(bearerMatches(header, expected)).toBe(false);
    },
  );
});
