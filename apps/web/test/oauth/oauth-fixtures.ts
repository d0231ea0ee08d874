/**
 * @module An application registered with the test server's OAuth provider, and its authorization
 * request opened by a browser: where the server sends the browser (the app's sign-in or consent
 * page, with the signed query), as a path to render the app at. The application's address is never
 * served: the app's last step is only a change of `window.location` (test/support/dom.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { cookieFetch, type TestServer } from '../support/test-server';

export const APP_REDIRECT = 'https://notes.example.com/callback';
export const APP_NAME = 'Acme Notes';

/** Registers the application as `owner` (any signed-in user may register one of their own). */
export async function registerApplication(owner: AppAuth, fields: { logo_uri?: string } = {}): Promise<string> {
  const { data, error } = await owner.client.oauth2.createClient({
    client_name: APP_NAME,
    client_uri: 'https://notes.example.com',
    redirect_uris: [APP_REDIRECT],
    token_endpoint_auth_method: 'none',
    ...fields,
  });
  if (error) throw new Error(`create-client failed: ${error.code}`);
  // The route answers a Response of its own (201, no-store), so the client's type of it says nothing.
  return (data as unknown as { client_id: string }).client_id;
}

/** A new window's address after the browser opened the authorization URL: the app's page to render. */
export async function openAuthorization(
  server: TestServer,
  clientId: string,
  options: { browser?: AppAuth; scope?: string; prompt?: string } = {},
): Promise<string> {
  const url = new URL(`${server.baseURL}/api/auth/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: APP_REDIRECT,
    scope: options.scope ?? 'openid profile email',
    state: 'state-123',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.prompt ? { prompt: options.prompt } : {}),
  }).toString();
  const send = options.browser?.fetch ?? cookieFetch(server.baseURL);
  // Node's fetch says `Sec-Fetch-Mode: cors`, so the server answers as to a script: the same
  // target as a navigation's 302, in JSON.
  const response = await send(url, { redirect: 'manual' });
  const answer = (await response.json()) as { redirect?: boolean; url?: string };
  expect(answer.redirect, JSON.stringify(answer)).toBe(true);
  const page = new URL(answer.url!);
  expect(page.origin).toBe(server.baseURL);
  return page.pathname + page.search;
}

/** Each test starts at the app's own address, so that `leftFor` sees only where this one went. */
export function resetAddressBeforeEach(): void {
  beforeEach(() => {
    window.location.href = 'http://localhost:3000/';
  });
}

/** Waits until the app sent the browser to `prefix` (the client follows `{redirect: true, url}`). */
export async function leftFor(prefix: string): Promise<URL> {
  await waitFor(() => expect(window.location.href.startsWith(prefix)).toBe(true));
  return new URL(window.location.href);
}
