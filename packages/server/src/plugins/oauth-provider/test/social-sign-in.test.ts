/**
 * Resuming an authorization after a social sign-in, on every database, against a real OpenID
 * Provider (oidc-provider on loopback) as the upstream provider: the login page's social sign-in
 * carries the signed `oauth_query`, the request is kept with the OAuth state across the provider's
 * round trip (never through the browser), and the callback sends the browser on to the
 * authorization's next step (the consent page, or the relying party with a code) instead of the
 * app's callbackURL; a sign-in held for a second factor goes on from the second step. A forged
 * `oauth_query` is refused before any round trip starts.
 */
import { createHash } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { oauthProviderPlugin, twoFactorPlugin } from '../../..';
import {
  API,
  BASE_URL,
  ORIGIN,
  describeEachDialect,
  type Harness,
  type TestClient,
} from '../../../../test/support/harness';
import { countRows } from '../../../../test/support/rows';
import { callbackPath, startFlow } from '../../../../test/oauth/support/github-flow';
import { startOidcFixture } from '../../../../test/oauth/support/oidc-flow';
import { nextStep, totpCode, userWithTwoFactor } from '../../two-factor/test/support';
import { oauthProviderSchema } from '../schema';
import { insertClient, RP_REDIRECT } from './fixtures';

const ISSUER = BASE_URL + API;
const VERIFIER = 'verifier-'.repeat(6);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };

const upstream = await startOidcFixture();
afterAll(() => upstream.close());

function requestFor(clientId: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: RP_REDIRECT,
    scope: 'openid profile',
    state: 'rp-state',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...more,
  };
}

/** The login page a browser without a session is sent to, and its `oauth_query` (the signed parameters). */
async function loginPage(browser: TestClient, params: Record<string, string>): Promise<string> {
  const response = await browser.get(`/oauth2/authorize?${new URLSearchParams(params)}`, { headers: NAVIGATE });
  const login = new URL(response.headers.get('location')!);
  expect(login.origin + login.pathname).toBe(`${ORIGIN}/sign-in`);
  const signed = new Set(login.searchParams.getAll('ba_param'));
  const forwarded = new URLSearchParams();
  for (const [key, value] of login.searchParams) {
    if (key === 'sig' || key === 'ba_param' || signed.has(key)) forwarded.append(key, value);
  }
  return forwarded.toString();
}

/** The social sign-in from the login page, the OP's page, and the callback: where the browser lands. */
async function signInSocially(browser: TestClient, oauthQuery: string, sub: string): Promise<URL> {
  const flow = await startFlow(browser, {
    provider: 'oidc',
    callbackURL: '/account',
    newUserCallbackURL: '/welcome',
    oauth_query: oauthQuery,
  });
  // The round trip carries no trace of the request: it stays on the server with the state.
  expect(flow.url).not.toContain('client_id%3D');
  const { code, state } = await upstream.op.authorize(flow.url, { account: sub });
  const callback = await browser.get(callbackPath({ code: code!, state: state! }, 'oidc'), { headers: NAVIGATE });
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get('location')!, ORIGIN);
}

function codeRows(h: Harness, clientId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  return db.selectFrom('oauthAuthorizationCode').selectAll().where('clientId', '=', clientId).execute();
}

describeEachDialect(
  'oauth-provider authorization resumed after a social sign-in',
  (h) => {
    it('lands a new user on the consent page of the request, not on the app', async () => {
      const { clientId } = await insertClient(h());
      const browser = h().client();
      const oauthQuery = await loginPage(browser, requestFor(clientId));
      const landed = await signInSocially(browser, oauthQuery, upstream.account().sub);
      expect(landed.origin + landed.pathname).toBe(`${ORIGIN}/consent`);
      expect(landed.searchParams.get('client_id')).toBe(clientId);
      expect(landed.searchParams.get('sig')).toBeTruthy();
      expect((await browser.get('/get-session')).body.user).toBeTruthy();
    });

    it('sends a known user on to the relying party with a code when no consent is needed, prompt=login satisfied', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const { sub } = upstream.account();
      await signInSocially(h().client(), await loginPage(h().client(), requestFor(clientId)), sub);
      const browser = h().client();
      const oauthQuery = await loginPage(browser, requestFor(clientId, { prompt: 'login' }));
      const landed = await signInSocially(browser, oauthQuery, sub);
      expect(landed.origin + landed.pathname).toBe(RP_REDIRECT);
      expect(landed.searchParams.get('state')).toBe('rp-state');
      expect(landed.searchParams.get('iss')).toBe(ISSUER);
      const code = landed.searchParams.get('code');
      expect(code).toBeTruthy();
      const session = (await browser.get('/get-session')).body;
      const rows = await codeRows(h(), clientId);
      expect(rows.map((row) => row.userId)).toEqual([session.user.id, session.user.id]);
    });

    it('holds a two-factor user at the callback, and the second step sent with oauth_query goes on to the client', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const user = await userWithTwoFactor(h());
      // A verified address, so that the OP's identity with that address links to the user.
      await h()
        .auth.context.db.updateTable('user')
        .set({ emailVerified: true })
        .where('id', '=', user.userId)
        .execute();
      const sub = `two-factor-${user.userId}`;
      upstream.op.setAccount({ sub, email: user.email, email_verified: true, name: 'Two Factor' });
      const browser = h().client();
      const oauthQuery = await loginPage(browser, requestFor(clientId));
      const held = await signInSocially(browser, oauthQuery, sub);
      // Not signed in yet: to the app's sign-in outcome page, as any held social sign-in.
      expect(held.searchParams.get('twoFactorRedirect')).toBe('true');
      expect(await codeRows(h(), clientId)).toHaveLength(0);
      nextStep(h());
      const verified = await browser.post('/two-factor/verify-totp', {
        code: totpCode(h(), user.secret),
        oauth_query: oauthQuery,
      });
      expect(verified.status).toBe(200);
      const landed = new URL(verified.body.url);
      expect(landed.origin + landed.pathname).toBe(RP_REDIRECT);
      expect(landed.searchParams.get('code')).toBeTruthy();
      expect((await codeRows(h(), clientId)).map((row) => row.userId)).toEqual([user.userId]);
    });

    it('refuses a tampered oauth_query before the round trip: 400 invalid_signature, no state, no session', async () => {
      const { clientId } = await insertClient(h(), { skipConsent: true });
      const browser = h().client();
      const tampered = new URLSearchParams(await loginPage(browser, requestFor(clientId)));
      tampered.set('redirect_uri', 'https://attacker.example/cb');
      const verifications = await countRows(h(), 'verification');
      const refused = await browser.post('/sign-in/social', { provider: 'oidc', oauth_query: tampered.toString() });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid_signature' });
      expect(await countRows(h(), 'verification')).toBe(verifications);
      expect(refused.setCookies.get('latchkey.session_token')).toBeUndefined();
    });

    it('still ends a social sign-in without oauth_query at its callbackURL', async () => {
      const browser = h().client();
      const flow = await startFlow(browser, { provider: 'oidc', callbackURL: '/account' });
      const { code, state } = await upstream.op.authorize(flow.url, { account: upstream.account().sub });
      const callback = await browser.get(callbackPath({ code: code!, state: state! }, 'oidc'));
      expect(callback.headers.get('location')).toBe('/account');
    });
  },
  { plugins: [oauthProviderPlugin(), twoFactorPlugin()], socialProviders: [upstream.provider] },
);
