/**
 * Dynamic client registration (POST /oauth2/register, RFC 7591) in each of the server's modes on
 * every database: `off` refuses, `authenticated` wants a session, `open` takes anyone under the
 * strict rate limit; answers and refusals in the RFC's shape, naming the field.
 */
import { expect, it } from 'vitest';
import { oauthProviderPlugin, type OAuthProviderOptions } from '../../..';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { digestOf } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { RP_REDIRECT } from './fixtures';

let lastIp = 0;
/** A fresh address per request, so the strict rate limit counts only the test that is about it. */
function freshIp(): string {
  lastIp += 1;
  return `198.51.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
}

/** A machine's registration: no browser, so no Origin and no cookie. */
function register(client: TestClient, body: Record<string, unknown>, clientIp = freshIp()) {
  return client.post('/oauth2/register', body, { clientIp, origin: null });
}

/** A browser's registration: its session cookie and its page's Origin. */
function registerSignedIn(client: TestClient, body: Record<string, unknown>) {
  return client.post('/oauth2/register', body, { clientIp: freshIp() });
}

function clientCount(h: Harness) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthClient')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function expectOAuthError(
  response: { status: number; body: unknown; headers: Headers },
  status: number,
  error: string,
) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ error, error_description: expect.any(String) });
  expect(response.headers.get('cache-control')).toBe('no-store');
}

function inMode(dynamicRegistration: OAuthProviderOptions['dynamicRegistration'], suite: (h: () => Harness) => void) {
  describeEachDialect(`dynamic client registration (${dynamicRegistration})`, suite, {
    plugins: [oauthProviderPlugin({ dynamicRegistration, scopes: ['read:things'] })],
    rateLimit: { enabled: true },
  });
}

inMode('off', (h) => {
  it('refuses every registration, signed in or not, as better-auth does', async () => {
    const anonymous = await register(h().client(), { redirect_uris: [RP_REDIRECT] });
    expectOAuthError(anonymous, 403, 'access_denied');
    expect(anonymous.body.error_description).toBe('Client registration is disabled');
    const { client } = await h().signUp();
    expectOAuthError(await registerSignedIn(client, { redirect_uris: [RP_REDIRECT] }), 403, 'access_denied');
    expect(await clientCount(h())).toBe(0);
  });
});

inMode('authenticated', (h) => {
  it('challenges a caller without a session and registers nothing', async () => {
    const refused = await register(h().client(), { redirect_uris: [RP_REDIRECT] });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect(refused.body).toEqual({ error_description: 'Authentication required for client registration' });
    expect(await clientCount(h())).toBe(0);
  });

  it("registers a signed-in user's client as theirs, with machine grants allowed", async () => {
    const { client, user } = await h().signUp();
    const created = await registerSignedIn(client, { client_name: 'CLI', grant_types: ['client_credentials'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user_id: user.id,
      grant_types: ['client_credentials'],
      client_secret_expires_at: 0,
    });
    const row = await oauthProviderSchema
      .db(h().auth.context)
      .selectFrom('oauthClient')
      .selectAll()
      .where('clientId', '=', created.body.client_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: user.id, clientSecret: digestOf(created.body.client_secret) });
  });
});

inMode('open', (h) => {
  it('registers anyone: a confidential client with its secret once, RFC 7591 §3.2.1', async () => {
    const created = await register(h().client(), {
      client_name: 'Agent',
      redirect_uris: [RP_REDIRECT],
      scope: 'openid read:things',
      unknown_extension: 'ignored',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({
      client_id: expect.any(String),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_secret_expires_at: 0,
      client_id_issued_at: Math.floor(h().clock.now().getTime() / 1000),
      client_name: 'Agent',
      redirect_uris: [RP_REDIRECT],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      scope: 'openid read:things',
    });
    expect(created.body).not.toHaveProperty('user_id');
    expect(created.body).not.toHaveProperty('unknown_extension');
  });

  it('registers a public native client with auth method none and no secret', async () => {
    const created = await register(h().client(), {
      redirect_uris: ['http://127.0.0.1:41234/callback', 'com.example.agent:/callback'],
      application_type: 'native',
      token_endpoint_auth_method: 'none',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ token_endpoint_auth_method: 'none', application_type: 'native' });
    expect(created.body).not.toHaveProperty('client_secret');
    expect(created.body).not.toHaveProperty('client_secret_expires_at');
  });

  it('refuses in the RFC shape, naming the field, and registers nothing', async () => {
    const anonymous = h().client();
    const before = await clientCount(h());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ redirect_uris: ['https://rp.example.com/cb#x'] }, 'invalid_redirect_uri', 'fragment'],
      [{ redirect_uris: 'https://rp.example.com/cb' }, 'invalid_redirect_uri', 'redirect_uris'],
      [{ client_name: 'No redirect' }, 'invalid_redirect_uri', 'Redirect URIs are required'],
      [{ redirect_uris: [RP_REDIRECT], grant_types: ['implicit'] }, 'invalid_client_metadata', 'implicit'],
      [{ redirect_uris: [RP_REDIRECT], contacts: 'me' }, 'invalid_client_metadata', 'contacts'],
      [{ redirect_uris: [RP_REDIRECT], skip_consent: true }, 'invalid_client_metadata', 'skip_consent'],
      [{ redirect_uris: [RP_REDIRECT], scope: 'openid admin' }, 'invalid_scope', 'admin'],
      [{ grant_types: ['client_credentials'] }, 'invalid_client_metadata', 'authenticated registration'],
    ];
    for (const [body, error, words] of cases) {
      const refused = await register(anonymous, body);
      expectOAuthError(refused, 400, error);
      expect(refused.body.error_description).toContain(words);
    }
    expect(await clientCount(h())).toBe(before);
  });

  it('limits registrations from one address strictly', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await register(h().client(), { redirect_uris: [RP_REDIRECT] }, ip)).status).toBe(201);
    }
    const limited = await register(h().client(), { redirect_uris: [RP_REDIRECT] }, ip);
    expect(limited.status).toBe(429);
  });
});
