/**
 * The OAuth provider's events on the real server (issue #31): a user's way through authorize →
 * consent → token → revocation leaves each step in the audit log (the user's own list) and in the
 * Prometheus counters at /metrics.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch, type CookieFetch } from '../../../test/cookie-fetch';
import { parseMetrics, sampleValue } from './support/prometheus';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const TOKEN = 'scrape-token-0123456789abcdef';
const REDIRECT_URI = 'https://rp.example.com/callback';
const VERIFIER = 'events-verifier-'.repeat(4);
const PASSWORD = 'correct horse battery';

interface AuditEvent {
  type: string;
  outcome: string;
  method: string | null;
  detail: Record<string, unknown> | null;
}

describe('the OAuth provider’s events in the audit log and the metrics', () => {
  let cwd: string;
  let server: StandaloneProcess;
  let browser: CookieFetch;
  const api = (path: string) => `${server.url}/api/auth${path}`;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-oauth-events-'));
    server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app'), METRICS_TOKEN: TOKEN });
    browser = cookieFetch(server.url.replace('127.0.0.1', 'localhost'));
    const email = `rp-user-${Date.now()}@example.com`;
    expect((await browser.postJson(api('/sign-up/email'), { email, password: PASSWORD, name: 'Ada' })).status).toBe(
      200,
    );
    expect((await browser.postJson(api('/sign-in/email'), { email, password: PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await stopStandalone(server);
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  async function metric(name: string, labels: Record<string, string>): Promise<number | undefined> {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return sampleValue(parseMetrics(await response.text()), name, labels);
  }

  /** The user's own audit events, once `types` have all been written (the log writes a turn later). */
  async function auditEvents(types: readonly string[]): Promise<AuditEvent[]> {
    let events: AuditEvent[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await browser.fetch(api('/audit/list-my-events?limit=100'));
      events = ((await response.json()) as { events: AuditEvent[] }).events;
      if (types.every((type) => events.some((event) => event.type === type))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return events;
  }

  it('records authorize, consent, token and revocation as audit rows and counts each in /metrics', async () => {
    const created = await browser.postJson(api('/oauth2/create-client'), {
      client_name: 'Events RP',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(created.status).toBe(201);
    const client = (await created.json()) as { client_id: string; client_secret: string };
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    const form = (path: string, params: Record<string, string>) =>
      fetch(api(path), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
        body: new URLSearchParams(params),
      });

    // Authorize: no consent yet, so the consent page (Node's fetch is a script: {redirect, url}).
    const authorize = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile',
      state: 'events',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const toConsent = (await (await browser.fetch(api(`/oauth2/authorize?${authorize}`))).json()) as { url: string };
    const consentPage = new URL(toConsent.url);
    expect(consentPage.pathname).toBe('/consent');
    const consented = await browser.postJson(api('/oauth2/consent'), {
      accept: true,
      oauth_query: consentPage.search.slice(1),
    });
    expect(consented.status).toBe(200);
    const code = new URL(((await consented.json()) as { url: string }).url).searchParams.get('code');
    expect(code).toBeTruthy();

    const issued = await form('/oauth2/token', {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT_URI,
      code_verifier: VERIFIER,
    });
    expect(issued.status).toBe(200);
    const { access_token: accessToken } = (await issued.json()) as { access_token: string };
    // A grant type nobody registered: refused, and counted under one label whatever was sent.
    expect((await form('/oauth2/token', { grant_type: 'password' })).status).toBe(400);
    expect((await form('/oauth2/revoke', { token: accessToken, token_type_hint: 'access_token' })).status).toBe(200);

    const events = await auditEvents([
      'oauth-consent-granted',
      'oauth-authorized',
      'oauth-token-issued',
      'oauth-token-revoked',
    ]);
    const of = (type: string) => events.filter((event) => event.type === type);
    expect(of('oauth-consent-granted')).toEqual([
      expect.objectContaining({ outcome: 'success', detail: { clientId: client.client_id, scope: 'openid profile' } }),
    ]);
    expect(of('oauth-authorized')).toEqual([
      expect.objectContaining({ outcome: 'success', detail: { clientId: client.client_id, scope: 'openid profile' } }),
    ]);
    expect(of('oauth-token-issued')).toEqual([
      expect.objectContaining({ outcome: 'success', method: 'authorization_code' }),
    ]);
    expect(of('oauth-token-revoked')).toEqual([
      expect.objectContaining({ outcome: 'success', method: 'access_token' }),
    ]);

    expect(await metric('latchkey_oauth_authorizations_total', { outcome: 'success' })).toBe(1);
    expect(await metric('latchkey_oauth_consents_total', { decision: 'granted' })).toBe(1);
    expect(await metric('latchkey_oauth_tokens_total', { grant_type: 'authorization_code', outcome: 'issued' })).toBe(
      1,
    );
    expect(await metric('latchkey_oauth_tokens_total', { grant_type: 'other', outcome: 'refused' })).toBe(1);
    expect(await metric('latchkey_oauth_revocations_total', { cause: 'request' })).toBe(1);
  });
});
