/**
 * Social sign-in in the deployable: the standalone server started with GITHUB_* and the generic
 * OIDC_* variables lists both at GET /social-providers and signs a user in through a real OpenID
 * Provider (oidc-provider on loopback) from start to session; a half-configured provider stops the
 * start with the missing variable named and the secret it was given not echoed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserCookies } from '../../../test/browser-cookies';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../../packages/server/test/support/oidc-provider';
import { freePort, spawnStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const OIDC_SECRET = 'op-client-secret-never-echoed';
let cwd: string;
let op: TestOpenIDProvider;
let server: StandaloneProcess;
let base: string;

async function waitUntilAnswering(process: StandaloneProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`the server exited:\n${process.stderr()}`);
    try {
      if ((await fetch(`${process.url}/api/auth/ok`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer:\n${process.stderr()}`);
}

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-social-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  op = await startOpenIDProvider({
    clients: [{ client_id: 'latchkey', client_secret: OIDC_SECRET, redirect_uris: [`${base}/api/auth/callback/corp`] }],
    accounts: [
      { sub: 'alice-1', email: 'alice@corp.example', email_verified: true, name: 'Alice Corp' },
      { sub: 'bob-1', email: 'bob@corp.example', email_verified: true, name: 'Bob Corp' },
    ],
  });
  server = spawnStandalone(
    cwd,
    {
      BASE_URL: base,
      WEB_DIR: join(cwd, 'no-web-app'),
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: 'latchkey',
      OIDC_CLIENT_SECRET: OIDC_SECRET,
      OIDC_PROVIDER_ID: 'corp',
      OIDC_NAME: 'Company SSO',
    },
    port,
  );
  await waitUntilAnswering(server);
});

afterAll(async () => {
  await stopStandalone(server);
  await op?.close();
  rmSync(cwd, { recursive: true, force: true });
});

/** POST /sign-in/social for `provider`, then the OP's sign-in as `sub`: the callback's answer. */
async function signInThroughOP(sub: string, jar: BrowserCookies): Promise<Response> {
  const start = await fetch(`${base}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ provider: 'corp', callbackURL: '/account', errorCallbackURL: '/sign-in' }),
  });
  jar.keep(start, start.url);
  const { url } = (await start.json()) as { url: string };
  const answer = await op.authorize(url, { account: sub });
  // The OP sends the browser back by a cross-site top-level navigation.
  const callback = await fetch(answer.url, { redirect: 'manual', headers: { cookie: jar.header(answer.url, 'lax') } });
  jar.keep(callback, answer.url);
  return callback;
}

describe('the standalone server with social providers configured', () => {
  it('lists GitHub and the generic provider, under its own id and label, at GET /social-providers', async () => {
    const response = await fetch(`${base}/api/auth/social-providers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: 'github', name: 'GitHub' },
      { id: 'corp', name: 'Company SSO' },
    ]);
  });

  it("signs a user in through the OpenID Provider of OIDC_ISSUER: start, the OP's sign-in and consent, the callback, a session", async () => {
    const jar = new BrowserCookies(`${base}/`);
    const start = await fetch(`${base}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ provider: 'corp', callbackURL: '/account' }),
    });
    expect(start.status).toBe(200);
    jar.keep(start, start.url);
    const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    expect(url.startsWith(`${op.issuer}/auth?`)).toBe(true);

    const answer = await op.authorize(url, { account: 'alice-1' });
    expect(answer.url.href.startsWith(`${base}/api/auth/callback/corp?`)).toBe(true);
    // The OP sends the browser back by a cross-site top-level navigation.
    const callback = await fetch(answer.url, {
      redirect: 'manual',
      headers: { cookie: jar.header(answer.url, 'lax') },
    });
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!, base).href).toBe(`${base}/account`);
    jar.keep(callback, answer.url);

    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: jar.header() } });
    // Without OIDC_TRUSTED_FOR_LINKING the OP's `email_verified` is not believed: verified by mail.
    expect(await session.json()).toMatchObject({
      user: { email: 'alice@corp.example', name: 'Alice Corp', emailVerified: false },
    });
    const accounts = await fetch(`${base}/api/auth/list-accounts`, { headers: { cookie: jar.header() } });
    expect(await accounts.json()).toEqual([expect.objectContaining({ provider: 'corp', accountId: 'alice-1' })]);
  });
});

describe("the generic provider's verified addresses, untrusted by default (OIDC_TRUSTED_FOR_LINKING off)", () => {
  it('do not sign anyone into an existing password user with that address: the callback answers account not linked', async () => {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Bob Local', email: 'bob@corp.example', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(200);
    const jar = new BrowserCookies(`${base}/`);
    const callback = await signInThroughOP('bob-1', jar);
    const back = new URL(callback.headers.get('location')!, base);
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('error')).toBe('account not linked');
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: jar.header() } });
    expect(await session.json()).toBeNull();
  });
});

describe('the standalone server with a provider half configured', () => {
  it('does not start: it names the missing variable and does not echo the secret it was given', async () => {
    const process = spawnStandalone(
      cwd,
      { OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_SECRET: OIDC_SECRET },
      await freePort(),
    );
    expect(await process.exited).toBe(1);
    expect(process.stderr()).toContain(
      'OIDC_CLIENT_ID is required to enable OpenID Connect sign-in (OIDC_ISSUER, OIDC_CLIENT_SECRET are set)',
    );
    expect(process.stderr()).not.toContain(OIDC_SECRET);
  });
});
