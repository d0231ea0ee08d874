/**
 * Latchkey as an OpenID Provider, in real Chromium against the standalone server (the plugin is on
 * by default): a relying party (a tiny node:http server with openid-client, PKCE, state and nonce)
 * sends the browser to authorize → the app's sign-in page → its consent page (audited with axe) →
 * back to the relying party, which exchanges the code at the token endpoint, reads userinfo and
 * says who signed in. The same journey with the sign-in page's provider button: the authorization
 * survives the trip to the OpenID Provider and goes on to the consent page when the browser comes
 * back. And a device (openid-client's device authorization grant, RFC 8628): the browser opens its
 * verification_uri_complete → sign-in → the app's /device page (audited with axe) → Approve, and
 * the polling device receives tokens; Deny, and it hears access_denied. The applications are
 * registered by a signed-in user through POST /oauth2/create-client, as any user may register one
 * of their own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, expect, it } from 'vitest';
import { startOpenIDProvider, type TestOpenIDProvider } from '../packages/server/test/support/oidc-provider';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, fillSignIn, signUpByApi, uniqueEmail } from './support/users';

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** Signs up a developer, who registers a public client with `metadata`; its client_id. */
async function registerClient(url: string, metadata: Record<string, unknown>): Promise<string> {
  const email = uniqueEmail('e2e-developer');
  await signUpByApi(url, email, 'Developer');
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const created = await fetch(`${url}/api/auth/oauth2/create-client`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({ token_endpoint_auth_method: 'none', ...metadata }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { client_id: string }).client_id;
}

/** A public client (PKCE) for `redirectUri`. */
function registerRelyingParty(url: string, redirectUri: string): Promise<string> {
  return registerClient(url, {
    client_name: 'Acme Notes',
    client_uri: 'https://notes.example.com',
    redirect_uris: [redirectUri],
  });
}

/** A TV app: a public client of the device authorization grant, configured by discovery. */
async function registerDevice(url: string): Promise<client.Configuration> {
  const clientId = await registerClient(url, {
    client_name: 'Living Room TV',
    client_uri: 'https://tv.example.com',
    grant_types: [DEVICE_CODE_GRANT],
  });
  return client.discovery(new URL(`${url}/api/auth`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

interface RelyingParty {
  url: string;
  close(): Promise<void>;
}

/** The relying party: `/login` starts the authorization, `/callback` finishes it and greets the user. */
async function startRelyingParty(issuer: string, register: (redirectUri: string) => Promise<string>) {
  const pending = new Map<string, { verifier: string; nonce: string }>();
  // Discovered once the client is registered, which needs the server's address first.
  const discovered: { config?: client.Configuration } = {};
  const server: Server = createServer((request, response) => {
    void (async () => {
      const here = new URL(request.url ?? '/', rp.url);
      if (here.pathname === '/login') {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        pending.set(state, { verifier, nonce });
        const target = client.buildAuthorizationUrl(discovered.config!, {
          redirect_uri: `${rp.url}/callback`,
          scope: 'openid profile email',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        response.writeHead(302, { location: target.href }).end();
        return;
      }
      if (here.pathname === '/callback') {
        const state = here.searchParams.get('state') ?? '';
        const checks = pending.get(state);
        if (!checks) throw new Error('unknown state');
        const tokens = await client.authorizationCodeGrant(discovered.config!, here, {
          pkceCodeVerifier: checks.verifier,
          expectedState: state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        const info = await client.fetchUserInfo(discovered.config!, tokens.access_token, claims.sub);
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><title>Acme Notes</title><h1>Signed in as ${String(info.email)}</h1>`);
        return;
      }
      response.writeHead(404).end();
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const rp: RelyingParty = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const clientId = await register(`${rp.url}/callback`);
  discovered.config = await client.discovery(new URL(issuer), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  return rp;
}

const PROVIDER_ID = 'corp';
const PROVIDER_NAME = 'Company SSO';
let op: TestOpenIDProvider | undefined;

afterAll(async () => {
  await op?.close();
});

describeInBrowser(
  'signing in to another application with Latchkey',
  (e2e) => {
    it('relying party → sign-in → consent → back at the relying party, signed in', async () => {
      const { server, browser } = e2e();
      const rp = await startRelyingParty(`${server.url}/api/auth`, (redirectUri) =>
        registerRelyingParty(server.url, redirectUri),
      );
      try {
        const email = uniqueEmail('e2e-oauth');
        await signUpByApi(server.url, email, 'Grace Hopper');
        // The consent page is audited with axe, which the page's CSP would refuse to inject.
        const context = await browser.newContext({ bypassCSP: true });
        const page = await context.newPage();

        await page.goto(`${rp.url}/login`);
        await page.waitForURL((url) => url.href.startsWith(`${server.url}/sign-in?`));
        await fillSignIn(page, email);

        await page.waitForURL((url) => url.href.startsWith(`${server.url}/consent?`));
        await page.getByRole('heading', { level: 1, name: 'Acme Notes wants to use your account' }).waitFor();
        await expect
          .poll(() => page.getByRole('listitem').allTextContents())
          .toEqual(['Know who you are', 'See your name and picture', 'See your e-mail address']);
        expect(await page.getByText(email).isVisible()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, 'oauth-consent');

        await page.getByRole('button', { name: 'Allow' }).click();
        await page.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`));
        await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
        await context.close();
      } finally {
        await rp.close();
      }
    });

    it('relying party → sign-in with the provider button → the OP → consent → back at the relying party', async () => {
      const { server, browser } = e2e();
      const rp = await startRelyingParty(`${server.url}/api/auth`, (redirectUri) =>
        registerRelyingParty(server.url, redirectUri),
      );
      try {
        const email = uniqueEmail('e2e-oauth-social');
        op!.setAccount({ sub: 'e2e-ada', email, email_verified: true, name: 'Ada Lovelace' });
        const context = await browser.newContext();
        const page = await context.newPage();

        await page.goto(`${rp.url}/login`);
        await page.waitForURL((url) => url.href.startsWith(`${server.url}/sign-in?`));
        await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
        await page.waitForURL((url) => url.href.startsWith(`${op!.issuer}/interaction/`));
        await page.getByLabel('Account').fill('e2e-ada');
        await page.getByRole('button', { name: 'Sign in' }).click();

        // Back from the OP: the authorization goes on, not the app's own page.
        await page.waitForURL((url) => url.href.startsWith(`${server.url}/consent?`));
        await page.getByRole('heading', { level: 1, name: 'Acme Notes wants to use your account' }).waitFor();
        await page.getByRole('button', { name: 'Allow' }).click();
        await page.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`));
        await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
        await context.close();
      } finally {
        await rp.close();
      }
    });

    it('device: verification_uri_complete → sign-in → /device → Approve, and the polling device gets tokens', async () => {
      const { server, browser } = e2e();
      const config = await registerDevice(server.url);
      const email = uniqueEmail('e2e-device');
      await signUpByApi(server.url, email, 'Grace Hopper');
      const authorization = await client.initiateDeviceAuthorization(config, { scope: 'openid profile email' });
      expect(authorization.verification_uri).toBe(`${server.url}/device`);
      const polling = client.pollDeviceAuthorizationGrant(config, authorization);
      // Settled either way at once, so a failure while the browser works is not unhandled.
      const settled = polling.then(
        (tokens) => ({ tokens }),
        (error: unknown) => ({ error }),
      );

      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.goto(authorization.verification_uri_complete!);
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/device');
      expect(new URL(page.url()).searchParams.get('user_code')).toBe(authorization.user_code);
      await page.getByRole('heading', { level: 1, name: 'Connect Living Room TV to your account' }).waitFor();
      expect(await page.getByText(authorization.user_code, { exact: true }).isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('listitem').allTextContents())
        .toEqual(['Know who you are', 'See your name and picture', 'See your e-mail address']);
      expect(await page.getByText(email).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'oauth-device');

      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('heading', { level: 1, name: 'Device connected' }).waitFor();
      expect(await page.getByRole('status').textContent()).toBe(
        'Living Room TV can now use your account. You can return to your device.',
      );
      expect(await axeViolations(page)).toEqual([]);
      const outcome = await settled;
      if ('error' in outcome) throw outcome.error;
      const claims = outcome.tokens.claims()!;
      const info = await client.fetchUserInfo(config, outcome.tokens.access_token, claims.sub);
      expect(info.email).toBe(email);
      await context.close();
    });

    it('device: the code typed on /device, Deny, and the polling device hears access_denied', async () => {
      const { server, browser } = e2e();
      const config = await registerDevice(server.url);
      const email = uniqueEmail('e2e-device');
      await signUpByApi(server.url, email, 'Ada Lovelace');
      const authorization = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
      const settled = client.pollDeviceAuthorizationGrant(config, authorization).then(
        (tokens) => ({ tokens }),
        (error: unknown) => ({ error }),
      );

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/sign-in`);
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/account');
      await page.goto(authorization.verification_uri);
      await page.getByRole('heading', { level: 1, name: 'Connect a device' }).waitFor();
      await page.getByRole('textbox', { name: 'Code' }).fill(authorization.user_code.toLowerCase().replace('-', ' '));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Connect Living Room TV to your account' }).waitFor();
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.getByRole('heading', { level: 1, name: 'Request denied' }).waitFor();

      const outcome = await settled;
      expect('error' in outcome && outcome.error).toMatchObject({ error: 'access_denied' });
      await context.close();
    });
  },
  async (url) => {
    op = await startOpenIDProvider({
      clients: [
        {
          client_id: 'latchkey-e2e',
          client_secret: 'e2e-op-secret',
          redirect_uris: [`${url}/api/auth/callback/${PROVIDER_ID}`],
        },
      ],
    });
    return {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: 'latchkey-e2e',
      OIDC_CLIENT_SECRET: 'e2e-op-secret',
      OIDC_PROVIDER_ID: PROVIDER_ID,
      OIDC_NAME: PROVIDER_NAME,
    };
  },
);
