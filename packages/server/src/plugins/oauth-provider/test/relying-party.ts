/**
 * A relying party and its user's browser against the harness: openid-client (panva's certified RP
 * library) configured from the provider's discovery document, its requests handed to
 * `auth.handler` as the network would carry them, and a browser that follows the authorization
 * through the login and consent pages' API calls, as the web app and better-auth's client make them.
 */
import * as client from 'openid-client';
import { expect } from 'vitest';
import { API, BASE_URL, type Harness, type TestClient } from '../../../../test/support/harness';

export const ISSUER = `${BASE_URL}${API}`;

/** openid-client's fetch, answered by the auth in process. */
function fetchThrough(h: Harness): client.CustomFetch {
  return (url, options) =>
    h.auth.handler(new Request(url, options as RequestInit), {
      clientIp: '198.51.100.7',
    }) as ReturnType<client.CustomFetch>;
}

/**
 * A configured relying party. The harness clock is not the wall clock: openid-client is told the
 * difference, so it checks `iat` and `exp` against the provider's time.
 */
export async function relyingParty(
  h: Harness,
  clientId: string,
  auth: client.ClientAuth,
  metadata: Partial<client.ClientMetadata> = {},
): Promise<client.Configuration> {
  const skew = Math.round((h.clock.now().getTime() - Date.now()) / 1000);
  const config = await client.discovery(new URL(ISSUER), clientId, { ...metadata, [client.clockSkew]: skew }, auth, {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: fetchThrough(h),
  });
  return config;
}

/** The path of a URL of the auth's API, as TestClient takes it. */
function apiPath(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname.slice(0, API.length)).toBe(ISSUER);
  return parsed.pathname.slice(API.length) + parsed.search;
}

const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };

/** The browser opens the authorization URL; answers where it was sent (302). */
export async function openAuthorization(browser: TestClient, url: URL): Promise<URL> {
  const response = await browser.get(apiPath(url.href), { headers: NAVIGATE, origin: null });
  expect(response.status, response.text).toBe(302);
  return new URL(response.headers.get('location') ?? '', BASE_URL);
}

/** The signed query a login or consent page forwards as `oauth_query`. */
export function oauthQueryOf(page: URL): string {
  return page.search.slice(1);
}

/**
 * Signs in on the login page the authorization sent the browser to, consents if asked, and answers
 * the relying party's callback URL.
 */
export async function signInAndConsent(
  browser: TestClient,
  loginPage: URL,
  credentials: { email: string; password: string },
): Promise<URL> {
  const signIn = await browser.post('/sign-in/email', { ...credentials, oauth_query: oauthQueryOf(loginPage) });
  expect(signIn.status, signIn.text).toBe(200);
  expect(signIn.body).toMatchObject({ redirect: true });
  return consentIfAsked(browser, new URL(signIn.body.url));
}

export async function consentIfAsked(browser: TestClient, next: URL, scope?: string): Promise<URL> {
  if (next.pathname !== '/consent') return next;
  const consent = await browser.post('/oauth2/consent', {
    accept: true,
    oauth_query: oauthQueryOf(next),
    ...(scope === undefined ? {} : { scope }),
  });
  expect(consent.status, consent.text).toBe(200);
  expect(consent.body).toMatchObject({ redirect: true });
  return new URL(consent.body.url);
}
