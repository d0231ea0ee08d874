/**
 * better-auth's own `oauthProviderClient()` (@better-auth/oauth-provider 1.7.5) with its
 * `createAuthClient`, unchanged, against the plugin: a login page and a consent page in a browser
 * (the page's address is what the client reads `oauth_query` from, as in a real browser), whose
 * calls carry the signed query the authorization put in the page's URL; and better-auth's
 * `deviceAuthorizationClient()` (better-auth 1.7) on the device verification routes, with the
 * device polling the token endpoint. One database: the plugin's own suites cover the three.
 */
import { oauthProviderClient } from '@better-auth/oauth-provider/client';
import { createAuthClient } from 'better-auth/client';
import { deviceAuthorizationClient } from 'better-auth/client/plugins';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { BrowserCookies } from '../../../../../../test/browser-cookies';
import { API, BASE_URL, ORIGIN, createHarness, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { insertClient, RP_REDIRECT, withOAuthProvider } from './fixtures';

const PASSWORD = 'correct horse battery';
let h: Harness & { close(): Promise<void> };

beforeAll(async () => {
  h = await createHarness('sqlite', withOAuthProvider());
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser's fetch: requests reach the engine's handler with the page's Origin and a cookie jar. */
function browserFetch(cookies: BrowserCookies) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('origin', ORIGIN);
    const cookie = cookies.header(request.url);
    if (cookie !== '') headers.set('cookie', cookie);
    const response = await h.auth.handler(new Request(request, { headers }), { clientIp: '198.51.100.9' });
    cookies.keep(response, request.url);
    return response;
  };
}

/** A browser: better-auth's client whose requests reach the engine's handler with a cookie jar. */
function browser() {
  const cookies = new BrowserCookies(`${BASE_URL}${API}/`);
  const customFetchImpl = browserFetch(cookies);
  const client = createAuthClient({
    baseURL: `${BASE_URL}${API}`,
    plugins: [oauthProviderClient()],
    fetchOptions: { customFetchImpl },
  });
  return { client, cookies };
}

/** The page the browser shows: the client reads the signed query from its address. */
function onPage(url: string) {
  vi.stubGlobal('window', { location: new URL(url) });
}

async function authorizeUrl(clientId: string): Promise<string> {
  const url = new URL(`${BASE_URL}${API}/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: RP_REDIRECT,
    scope: 'openid email',
    state: 'rp-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGcSjtnAWw', // RFC 7636's example verifier
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

it('signs in on the login page, consents on the consent page, and returns to the relying party with a code', async () => {
  const { clientId } = await insertClient(h);
  const email = uniqueEmail('ba-oauth');
  await h.signUp(email, PASSWORD, 'Client User');
  const { client, cookies } = browser();

  // The authorization sends the browser to the login page with the signed request in its query.
  const start = await h.auth.handler(
    new Request(await authorizeUrl(clientId), { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } }),
  );
  expect(start.status).toBe(302);
  const loginPage = new URL(start.headers.get('location')!, BASE_URL);
  expect(loginPage.pathname).toBe('/sign-in');

  onPage(loginPage.href);
  const signedIn = await client.signIn.email({ email, password: PASSWORD });
  expect(signedIn.error).toBeNull();
  const consentPage = new URL((signedIn.data as unknown as { url: string }).url);
  expect(consentPage.pathname).toBe('/consent');
  expect(consentPage.searchParams.get('client_id')).toBe(clientId);
  expect(cookies.header(`${BASE_URL}${API}/`)).not.toBe('');

  onPage(consentPage.href);
  const publicClient = await client.oauth2.publicClient({ query: { client_id: clientId } });
  expect(publicClient.data).toMatchObject({ client_id: clientId, client_name: 'Relying Party' });
  const consented = await client.oauth2.consent({ accept: true });
  expect(consented.error).toBeNull();
  const callback = new URL((consented.data as { url: string }).url);
  expect(callback.origin + callback.pathname).toBe(RP_REDIRECT);
  expect(callback.searchParams.get('state')).toBe('rp-state');
  expect(callback.searchParams.get('iss')).toBe(`${BASE_URL}${API}`);
  expect(callback.searchParams.get('code')).toEqual(expect.any(String));

  const consents = await client.oauth2.getConsents();
  expect(consents.data).toEqual([expect.objectContaining({ clientId, scopes: ['openid', 'email'] })]);
});

it('reports a tampered signed query as the client sees it', async () => {
  const { clientId } = await insertClient(h);
  const email = uniqueEmail('ba-oauth');
  await h.signUp(email, PASSWORD, 'Client User');
  const { client } = browser();
  const start = await h.auth.handler(
    new Request(await authorizeUrl(clientId), { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } }),
  );
  const loginPage = new URL(start.headers.get('location')!, BASE_URL);
  loginPage.searchParams.set('scope', 'openid email profile');
  onPage(loginPage.href);
  const refused = await client.signIn.email({ email, password: PASSWORD });
  expect(refused.error).toMatchObject({ status: 400 });
  expect(refused.error).toMatchObject({ error: 'invalid_signature' });
});

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * better-auth's `deviceAuthorizationClient()` (better-auth 1.7), unchanged, for both sides: the
 * device (no cookies, no Origin) asks for its codes with `device.code` and polls; the browser,
 * signed in, looks the code up with `device` and answers with `device.approve` or `device.deny`.
 */
async function deviceFlow() {
  const { clientId } = await insertClient(h, { tokenEndpointAuthMethod: 'none', grantTypes: [DEVICE_CODE_GRANT] });
  const device = createAuthClient({
    baseURL: `${BASE_URL}${API}`,
    plugins: [deviceAuthorizationClient()],
    fetchOptions: {
      customFetchImpl: (input: RequestInfo | URL, init?: RequestInit) =>
        h.auth.handler(new Request(input, init), { clientIp: '198.51.100.10' }),
    },
  });
  const email = uniqueEmail('ba-device');
  await h.signUp(email, PASSWORD, 'Device Owner');
  const page = createAuthClient({
    baseURL: `${BASE_URL}${API}`,
    plugins: [deviceAuthorizationClient()],
    fetchOptions: { customFetchImpl: browserFetch(new BrowserCookies(`${BASE_URL}${API}/`)) },
  });
  expect((await page.signIn.email({ email, password: PASSWORD })).error).toBeNull();

  const codes = await device.device.code({ client_id: clientId, scope: 'openid profile' });
  expect(codes.error).toBeNull();
  expect(codes.data).toMatchObject({
    user_code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    verification_uri: `${BASE_URL}/device`,
    expires_in: 1800,
    interval: 5,
  });
  const { device_code: deviceCode, user_code: userCode } = codes.data!;
  /** The device's poll of the token endpoint through better-auth's client (its JSON body). */
  const poll = () =>
    device.$fetch<{ access_token: string; scope: string }>('/oauth2/token', {
      method: 'POST',
      body: { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: clientId },
    });
  return { clientId, device, page, userCode, deviceCode, poll };
}

it("runs the device flow with better-auth's deviceAuthorizationClient: code, verify, approve, and the poll's tokens", async () => {
  const { clientId, device, page, userCode, deviceCode, poll } = await deviceFlow();
  expect((await poll()).error).toMatchObject({ status: 400, error: 'authorization_pending' });

  const shown = await page.device({ query: { user_code: userCode.toLowerCase() } });
  expect(shown.error).toBeNull();
  expect(shown.data).toMatchObject({
    user_code: userCode,
    status: 'pending',
    client_id: clientId,
    scope: 'openid profile',
  });
  const approved = await page.device.approve({ userCode });
  expect(approved.error).toBeNull();
  expect(approved.data).toEqual({ success: true });

  h.clock.advance(5);
  const tokens = await poll();
  expect(tokens.error).toBeNull();
  expect(tokens.data).toMatchObject({ access_token: expect.any(String), scope: 'openid profile' });

  // Its device.token is better-auth's first-party route, which Latchkey does not serve: with
  // better-auth's oauth-provider that route refuses an OAuth client's device code as well.
  const firstParty = await device.device.token({
    grant_type: DEVICE_CODE_GRANT,
    device_code: deviceCode,
    client_id: clientId,
  });
  expect(firstParty.error).toMatchObject({ status: 404 });
});

it("denies with better-auth's deviceAuthorizationClient, and the device's poll hears access_denied", async () => {
  const { page, userCode, poll } = await deviceFlow();
  expect((await page.device({ query: { user_code: userCode } })).error).toBeNull();
  const denied = await page.device.deny({ userCode });
  expect(denied.error).toBeNull();
  expect(denied.data).toEqual({ success: true });
  expect((await poll()).error).toMatchObject({ status: 400, error: 'access_denied' });
});

it("reports the page's errors as better-auth's client sees them: an unknown code, another user's request", async () => {
  const { page, userCode } = await deviceFlow();
  const unknown = await page.device({ query: { user_code: 'ZZZZ-ZZZZ' } });
  expect(unknown.error).toMatchObject({ status: 400, code: 'INVALID_USER_CODE' });
  expect((await page.device({ query: { user_code: userCode } })).error).toBeNull();

  const other = createAuthClient({
    baseURL: `${BASE_URL}${API}`,
    plugins: [deviceAuthorizationClient()],
    fetchOptions: { customFetchImpl: browserFetch(new BrowserCookies(`${BASE_URL}${API}/`)) },
  });
  const email = uniqueEmail('ba-device');
  await h.signUp(email, PASSWORD, 'Someone Else');
  expect((await other.signIn.email({ email, password: PASSWORD })).error).toBeNull();
  expect((await other.device({ query: { user_code: userCode } })).error).toMatchObject({
    status: 403,
    code: 'ACCESS_DENIED',
  });
  expect((await other.device.approve({ userCode })).error).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
});
