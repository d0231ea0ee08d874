/**
 * The authorization endpoint and the user's way through it, on every database, as better-auth's
 * `oauthProviderClient()` drives it: the login page with the signed request, a sign-in carrying
 * `oauth_query` that goes on to the consent page (password, sign-up, a form post, a second factor),
 * the consent's answer, and the code row; the request's checks (client, redirect URI, PKCE, scope,
 * resource, prompt, max_age) and where each refusal goes (never to an unverified redirect URI).
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { oauthProviderPlugin, passkeyPlugin, twoFactorPlugin, type AuthEvent } from '../../..';
import {
  API,
  BASE_URL,
  ORIGIN,
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type TestClient,
} from '../../../../test/support/harness';
import { postForm } from '../../../../test/support/form-post';
import { countRows } from '../../../../test/support/rows';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';
import { nextStep, totpCode, userWithTwoFactor } from '../../two-factor/test/support';
import { digestOf } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { insertClient, RP_REDIRECT } from './fixtures';

const PASSWORD = 'correct horse battery';
const ISSUER = BASE_URL + API;
const RESOURCE = 'https://api.example.com/';
const VERIFIER = 'verifier-'.repeat(6);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
/** A browser following a link from the relying party's site. */
const NAVIGATE = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-dest': 'document',
  accept: 'text/html',
};
const events: AuthEvent[] = [];

function requestFor(clientId: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: RP_REDIRECT,
    scope: 'openid profile',
    state: 'state-123',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...more,
  };
}

/** Where a navigation to the authorization endpoint is sent (302). */
async function navigate(client: TestClient, params: Record<string, string>): Promise<URL> {
  const response = await client.get(`/oauth2/authorize?${new URLSearchParams(params)}`, { headers: NAVIGATE });
  expect(response.status).toBe(302);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return new URL(response.headers.get('location')!);
}

/** What better-auth's oauthProviderClient() forwards from a page's URL (its buildSignedOAuthQuery). */
function oauthQueryOf(page: URL | string): string {
  const params = new URL(page).searchParams;
  const signed = new Set(params.getAll('ba_param'));
  const forwarded = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'sig' || key === 'ba_param' || signed.has(key)) forwarded.append(key, value);
  }
  return forwarded.toString();
}

function expectPage(url: URL, path: string) {
  expect(url.origin + url.pathname).toBe(ORIGIN + path);
  expect(url.searchParams.get('sig')).toBeTruthy();
}

function expectToClient(url: string | URL, params: Record<string, string | null>) {
  const target = new URL(url);
  expect(target.origin + target.pathname).toBe(RP_REDIRECT);
  for (const [name, value] of Object.entries(params)) expect(target.searchParams.get(name)).toBe(value);
}

function expectErrorPage(url: URL, error: string) {
  expect(url.origin + url.pathname).toBe(`${BASE_URL}${API}/error`);
  expect(url.searchParams.get('error')).toBe(error);
}

async function codeRows(h: Harness, clientId: string) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthAuthorizationCode')
    .selectAll()
    .where('clientId', '=', clientId)
    .execute();
}

/** A user signed up in one browser, and a second browser where nobody is signed in yet. */
async function userAndBrowser(h: Harness) {
  const email = uniqueEmail('rp');
  const { user, client: signedIn } = await h.signUp(email, PASSWORD);
  return { email, user, signedIn, browser: h.client() };
}

/** A fresh browser goes from the client to the login page and signs in there: answered the next page. */
async function signInThroughLogin(h: Harness, clientId: string, more: Record<string, string> = {}) {
  const { email, user, browser } = await userAndBrowser(h);
  const login = await navigate(browser, requestFor(clientId, more));
  expectPage(login, '/sign-in');
  const signIn = await browser.post('/sign-in/email', { email, password: PASSWORD, oauth_query: oauthQueryOf(login) });
  expect(signIn.status).toBe(200);
  return { user, browser, next: signIn.body as { redirect: true; url: string } };
}

describeEachDialect(
  'oauth-provider authorization',
  (h) => {
    it('sends a browser without a session to the login page with the request signed', async () => {
      const { clientId } = await insertClient(h());
      const login = await navigate(h().client(), requestFor(clientId));
      expectPage(login, '/sign-in');
      expect(Object.fromEntries(login.searchParams)).toMatchObject(requestFor(clientId));
      expect(login.searchParams.getAll('ba_param')).toEqual(
        [...new Set([...login.searchParams.keys()].filter((key) => key !== 'sig'))].sort(),
      );
      expect(Number(login.searchParams.get('exp'))).toBe(h().clock.now().getTime() / 1000 + 600);
      expect(login.searchParams.get('ba_iat')).toBe(String(h().clock.now().getTime()));
    });

    it('answers a script with {redirect, url} instead of a 302', async () => {
      const { clientId } = await insertClient(h());
      const response = await h()
        .client()
        .get(`/oauth2/authorize?${new URLSearchParams(requestFor(clientId))}`, {
          headers: { 'sec-fetch-mode': 'cors' },
        });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ redirect: true, url: expect.stringMatching(`^${ORIGIN}/sign-in\\?`) });
    });

    it('goes on from a sign-in with oauth_query to the consent page, then to the client with a code', async () => {
      const { clientId } = await insertClient(h());
      const { user, browser, next } = await signInThroughLogin(h(), clientId);
      expect(next).toEqual({ redirect: true, url: expect.any(String) });
      const consent = new URL(next.url);
      expectPage(consent, '/consent');
      expect(consent.searchParams.get('client_id')).toBe(clientId);
      expect(consent.searchParams.get('scope')).toBe('openid profile');

      const accepted = await browser.post('/oauth2/consent', { accept: true, oauth_query: oauthQueryOf(consent) });
      expect(accepted.status).toBe(200);
      expect(accepted.body.redirect).toBe(true);
      expectToClient(accepted.body.url, { state: 'state-123', iss: ISSUER });
      const code = new URL(accepted.body.url).searchParams.get('code')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const rows = await codeRows(h(), clientId);
      expect(rows).toHaveLength(1);
      const session = await h()
        .auth.context.db.selectFrom('session')
        .selectAll()
        .where('userId', '=', user.id)
        .execute();
      expect(rows[0]).toMatchObject({
        code: digestOf(code),
        userId: user.id,
        redirectUri: RP_REDIRECT,
        scopes: JSON.stringify(['openid', 'profile']),
        codeChallenge: CHALLENGE,
        usedAt: null,
      });
      expect(session.map((s) => s.id)).toContain(rows[0]!.sessionId);
      expect(rows[0]!.expiresAt.getTime()).toBe(h().clock.now().getTime() + 600_000);
      const consentRow = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthConsent')
        .selectAll()
        .where('clientId', '=', clientId)
        .executeTakeFirstOrThrow();
      expect(consentRow).toMatchObject({ userId: user.id, scopes: JSON.stringify(['openid', 'profile']) });
      expect(events.filter((e) => e.userId === user.id).map((e) => e.type)).toEqual(
        expect.arrayContaining(['oauth-consent-granted', 'oauth-authorized']),
      );

      // The consent now covers the request: the next authorization goes straight to the client.
      const again = await navigate(browser, requestFor(clientId, { state: 'second' }));
      expectToClient(again, { state: 'second', iss: ISSUER });
      expect(again.searchParams.get('code')).toBeTruthy();
    });

    it('keeps only the scopes the user kept, and refuses one the client never asked for', async () => {
      const { clientId } = await insertClient(h());
      const { browser, next } = await signInThroughLogin(h(), clientId);
      const oauthQuery = oauthQueryOf(next.url);
      const widened = await browser.post('/oauth2/consent', {
        accept: true,
        scope: 'openid email',
        oauth_query: oauthQuery,
      });
      expect(widened.status).toBe(400);
      expect(widened.body).toMatchObject({
        error: 'invalid_request',
        error_description: 'Scope not originally requested',
      });
      const narrowed = await browser.post('/oauth2/consent', {
        accept: true,
        scope: 'openid',
        oauth_query: oauthQuery,
      });
      expect(narrowed.status).toBe(200);
      expect((await codeRows(h(), clientId))[0]!.scopes).toBe(JSON.stringify(['openid']));
    });

    it('tells the client access_denied when the user refuses, and issues no code', async () => {
      const { clientId } = await insertClient(h());
      const { user, browser, next } = await signInThroughLogin(h(), clientId);
      const denied = await browser.post('/oauth2/consent', { accept: false, oauth_query: oauthQueryOf(next.url) });
      expect(denied.status).toBe(200);
      expectToClient(denied.body.url, {
        error: 'access_denied',
        error_description: 'User denied access',
        state: 'state-123',
        iss: ISSUER,
        code: null,
      });
      expect(await codeRows(h(), clientId)).toHaveLength(0);
      expect(events.some((e) => e.type === 'oauth-consent-denied' && e.userId === user.id)).toBe(true);
    });

    it('gives a client that skips consent its code straight from the sign-in', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { next } = await signInThroughLogin(h(), clientId);
      expectToClient(next.url, { state: 'state-123', iss: ISSUER });
      expect(await codeRows(h(), clientId)).toHaveLength(1);
    });

    it('follows a sign-in form post with oauth_query with a 303 to the next page', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { email, browser } = await userAndBrowser(h());
      const login = await navigate(browser, requestFor(clientId));
      const posted = await postForm(browser, '/sign-in/email', {
        email,
        password: PASSWORD,
        oauth_query: oauthQueryOf(login),
      });
      expect(posted.status).toBe(303);
      expectToClient(posted.headers.get('location')!, { state: 'state-123', iss: ISSUER });
    });

    it('refuses a tampered or expired oauth_query before signing in: 400 invalid_signature, no session', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { email, user, browser } = await userAndBrowser(h());
      const login = await navigate(browser, requestFor(clientId));
      const tampered = new URLSearchParams(oauthQueryOf(login));
      tampered.set('redirect_uri', 'https://evil.example.com/callback');
      const sessions = await countRows(h(), 'session');
      const forged = await browser.post('/sign-in/email', {
        email,
        password: PASSWORD,
        oauth_query: tampered.toString(),
      });
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ error: 'invalid_signature' });
      const doubled = `${oauthQueryOf(login)}&sig=AAAA`;
      expect((await browser.post('/sign-in/email', { email, password: PASSWORD, oauth_query: doubled })).status).toBe(
        400,
      );
      h().clock.advance(601);
      const expired = await browser.post('/sign-in/email', {
        email,
        password: PASSWORD,
        oauth_query: oauthQueryOf(login),
      });
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ error: 'invalid_signature' });
      expect(await countRows(h(), 'session')).toBe(sessions);
      expect(forged.setCookies.get('latchkey.session_token')?.value || undefined).toBeUndefined();
      void user;
    });

    it('asks for consent again with prompt=consent, even under a prior consent', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { signedIn } = await userAndBrowser(h());
      const consent = await navigate(signedIn, requestFor(clientId, { prompt: 'consent' }));
      expectPage(consent, '/consent');
      const accepted = await signedIn.post('/oauth2/consent', { accept: true, oauth_query: oauthQueryOf(consent) });
      expectToClient(accepted.body.url, { state: 'state-123' });
      expect(new URL(accepted.body.url).searchParams.get('code')).toBeTruthy();
    });

    it('answers prompt=none with login_required or consent_required on the redirect URI', async () => {
      const { clientId } = await insertClient(h());
      const { signedIn, browser } = await userAndBrowser(h());
      expectToClient(await navigate(browser, requestFor(clientId, { prompt: 'none' })), {
        error: 'login_required',
        state: 'state-123',
        iss: ISSUER,
      });
      expectToClient(await navigate(signedIn, requestFor(clientId, { prompt: 'none' })), {
        error: 'consent_required',
        state: 'state-123',
        iss: ISSUER,
      });
    });

    it('sends a signed-in user to the login page for prompt=login and max_age, then goes on after the sign-in', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { email, signedIn } = await userAndBrowser(h());
      const login = await navigate(signedIn, requestFor(clientId, { prompt: 'login' }));
      expectPage(login, '/sign-in');
      const again = await signedIn.post('/sign-in/email', {
        email,
        password: PASSWORD,
        oauth_query: oauthQueryOf(login),
      });
      expectToClient(again.body.url, { state: 'state-123' });
      expect(new URL(again.body.url).searchParams.get('code')).toBeTruthy();

      h().clock.advance(120);
      expectPage(await navigate(signedIn, requestFor(clientId, { max_age: '60' })), '/sign-in');
      expect(
        (await navigate(signedIn, requestFor(clientId, { max_age: '600' }))).searchParams.get('code'),
      ).toBeTruthy();
    });

    it('sends prompt=create to the sign-up page, and goes on from the sign-up', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const browser = h().client();
      const signUpPage = await navigate(browser, requestFor(clientId, { prompt: 'create' }));
      expectPage(signUpPage, '/sign-up');
      const signedUp = await browser.post('/sign-up/email', {
        email: uniqueEmail('created'),
        password: PASSWORD,
        name: 'New User',
        oauth_query: oauthQueryOf(signUpPage),
      });
      expect(signedUp.status).toBe(200);
      expectToClient(signedUp.body.url, { state: 'state-123', iss: ISSUER });
    });

    it('goes on with POST /oauth2/continue {created} from the sign-up page', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { signedIn } = await userAndBrowser(h());
      const signUpPage = await navigate(signedIn, requestFor(clientId, { prompt: 'create' }));
      expectPage(signUpPage, '/sign-up');
      const missing = await signedIn.post('/oauth2/continue', { oauth_query: oauthQueryOf(signUpPage) });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ error: 'invalid_request' });
      const continued = await signedIn.post('/oauth2/continue', {
        created: true,
        oauth_query: oauthQueryOf(signUpPage),
      });
      expect(continued.status).toBe(200);
      expectToClient(continued.body.url, { state: 'state-123' });
    });

    it('never sends the browser to an unknown client, a disabled one or an unregistered redirect URI', async () => {
      const { clientId } = await insertClient(h());
      const { clientId: disabled } = await insertClient(h(), { disabled: true });
      const browser = h().client();
      expectErrorPage(await navigate(browser, requestFor('no-such-client')), 'invalid_client');
      expectErrorPage(await navigate(browser, requestFor(disabled)), 'client_disabled');
      for (const redirectUri of [
        'https://evil.example.com/callback',
        `${RP_REDIRECT}?next=/admin`,
        `${RP_REDIRECT}/more`,
        'https://rp.example.com:8443/callback',
      ]) {
        expectErrorPage(
          await navigate(browser, requestFor(clientId, { redirect_uri: redirectUri })),
          'invalid_redirect',
        );
      }
      // Even the errors found after the client was known stay off an unverified URI.
      const both = await navigate(
        browser,
        requestFor(clientId, { redirect_uri: 'https://evil.example.com/callback', response_type: 'token' }),
      );
      expectErrorPage(both, 'invalid_redirect');
    });

    it('lets a native client come back to its loopback IP on any port, not to localhost', async () => {
      const { clientId } = await insertClient(h(), {
        tokenEndpointAuthMethod: 'none',
        applicationType: 'native',
        skipConsent: true,
        redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback', 'http://localhost/callback'],
      });
      const { signedIn } = await userAndBrowser(h());
      for (const redirectUri of ['http://127.0.0.1:51234/callback', 'http://[::1]:8080/callback']) {
        const back = await navigate(signedIn, requestFor(clientId, { redirect_uri: redirectUri }));
        expect(back.origin + back.pathname).toBe(redirectUri);
        expect(back.searchParams.get('code')).toBeTruthy();
      }
      const rows = await codeRows(h(), clientId);
      expect(rows.map((row) => row.redirectUri).sort()).toEqual(
        ['http://127.0.0.1:51234/callback', 'http://[::1]:8080/callback'].sort(),
      );
      const localhost = requestFor(clientId, { redirect_uri: 'http://localhost:51234/callback' });
      expectErrorPage(await navigate(signedIn, localhost), 'invalid_redirect');
      const otherPath = requestFor(clientId, { redirect_uri: 'http://127.0.0.1:51234/other' });
      expectErrorPage(await navigate(signedIn, otherPath), 'invalid_redirect');
    });

    it('refuses plain PKCE, a public client without PKCE, and an unsupported response_type on the redirect URI', async () => {
      const { clientId } = await insertClient(h());
      const { clientId: publicClient } = await insertClient(h(), { tokenEndpointAuthMethod: 'none' });
      const browser = h().client();
      const plain = await navigate(
        browser,
        requestFor(clientId, { code_challenge: VERIFIER, code_challenge_method: 'plain' }),
      );
      expectToClient(plain, {
        error: 'invalid_request',
        error_description: 'invalid code_challenge method, only S256 is supported',
        state: 'state-123',
        iss: ISSUER,
      });
      const withoutPkce = requestFor(publicClient);
      delete withoutPkce.code_challenge;
      delete withoutPkce.code_challenge_method;
      expectToClient(await navigate(browser, withoutPkce), {
        error: 'invalid_request',
        error_description: 'pkce is required for public clients',
      });
      expectToClient(await navigate(browser, requestFor(clientId, { response_type: 'token' })), {
        error: 'unsupported_response_type',
        state: 'state-123',
      });
    });

    it('refuses a scope outside the client’s and a resource the server does not serve', async () => {
      const { clientId } = await insertClient(h(), { scopes: ['openid', 'profile'] });
      const browser = h().client();
      expectToClient(await navigate(browser, requestFor(clientId, { scope: 'openid email' })), {
        error: 'invalid_scope',
        error_description: 'The following scopes are invalid: email',
        state: 'state-123',
        iss: ISSUER,
      });
      expectToClient(await navigate(browser, requestFor(clientId, { resource: 'https://other.example.com/' })), {
        error: 'invalid_target',
      });
      expectPage(await navigate(browser, requestFor(clientId, { resource: RESOURCE })), '/sign-in');
    });

    it('refuses prompt=none with another prompt, a malformed challenge, and select_account without its page', async () => {
      const { clientId } = await insertClient(h());
      const browser = h().client();
      expectToClient(await navigate(browser, requestFor(clientId, { prompt: 'none login' })), {
        error: 'invalid_request',
        error_description: 'prompt none cannot be combined',
      });
      expectToClient(await navigate(browser, requestFor(clientId, { code_challenge: 'short' })), {
        error: 'invalid_request',
        error_description: 'invalid code_challenge',
      });
      expectErrorPage(
        await navigate(browser, requestFor(clientId, { prompt: 'select_account' })),
        'unsupported_prompt_select_account',
      );
    });

    it('goes on from a passkey sign-in that carried oauth_query', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { user, signedIn } = await userAndBrowser(h());
      const authenticator = new SoftAuthenticator(ORIGIN);
      const registerOptions = await signedIn.get('/passkey/generate-register-options');
      const registered = await signedIn.post('/passkey/verify-registration', {
        response: authenticator.create(registerOptions.body),
      });
      expect(registered.status).toBe(200);
      const browser = h().client();
      const login = await navigate(browser, requestFor(clientId));
      const options = await browser.get('/passkey/generate-authenticate-options');
      const signedInWithPasskey = await browser.post('/passkey/verify-authentication', {
        response: authenticator.get(options.body),
        oauth_query: oauthQueryOf(login),
      });
      expect(signedInWithPasskey.status).toBe(200);
      expectToClient(signedInWithPasskey.body.url, { state: 'state-123', iss: ISSUER });
      expect((await codeRows(h(), clientId))[0]!.userId).toBe(user.id);
    });

    it('goes on from the second factor of a held sign-in that carried oauth_query', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const user = await userWithTwoFactor(h());
      const browser = h().client();
      const login = await navigate(browser, requestFor(clientId));
      const oauthQuery = oauthQueryOf(login);
      const held = await browser.post('/sign-in/email', {
        email: user.email,
        password: PASSWORD,
        oauth_query: oauthQuery,
      });
      expect(held.status).toBe(200);
      expect(held.body).toMatchObject({ twoFactorRedirect: true });
      expect(await codeRows(h(), clientId)).toHaveLength(0);
      nextStep(h());
      const verified = await browser.post('/two-factor/verify-totp', {
        code: totpCode(h(), user.secret),
        oauth_query: oauthQuery,
      });
      expect(verified.status).toBe(200);
      expectToClient(verified.body.url, { state: 'state-123', iss: ISSUER });
      expect((await codeRows(h(), clientId))[0]!.userId).toBe(user.userId);
    });
  },
  {
    plugins: [oauthProviderPlugin({ resources: [RESOURCE] }), twoFactorPlugin(), passkeyPlugin()],
    observers: [{ event: (event: AuthEvent) => void events.push(event) }],
  },
);
