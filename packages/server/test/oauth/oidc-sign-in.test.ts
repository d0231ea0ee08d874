/**
 * Social sign-in against a real OpenID Provider (oidc-provider on loopback) through the generic
 * OIDC provider: the whole browser flow with PKCE and the nonce, the provider's refusal, a token
 * refresh, and the id_token sign-in of POST /sign-in/social — with each way a token can be wrong,
 * and the same linking, refusal (a plugin's hook) and verification rules as the callback, answered
 * as JSON. The admin plugin's bans on this path: test/admin.
 */
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { blockUser, profilePlugin } from '../support/profile-plugin';
import { expectNothingChanged } from '../support/rows';
import { callbackPath, githubProvider, locationOf, startFlow, startGithubEmulator } from './support/github-flow';
import { expectIdTokenSignInRefused, startOidcFixture } from './support/oidc-flow';

const oidcOp = await startOidcFixture();
const { op, account, idTokenFor } = oidcOp;
const emulator = await startGithubEmulator();
afterAll(async () => {
  await oidcOp.close();
  await emulator.close();
});

const providers = [oidcOp.provider, githubProvider(emulator)];

/** The OP's account row of `sub`, as stored. */
function accountRow(h: Harness, sub: string) {
  const query = h.auth.context.db.selectFrom('account').selectAll();
  return query.where((eb) => eb.and({ providerId: 'oidc', accountId: sub })).executeTakeFirstOrThrow();
}

describeEachDialect(
  'OpenID Connect sign-in',
  (h) => {
    it('signs a new user in through the whole flow: authorization with nonce and PKCE, consent, callback, session', async () => {
      const { sub, email } = account();
      const client = h().client();
      const flow = await startFlow(client, { provider: 'oidc', callbackURL: '/app', newUserCallbackURL: '/welcome' });
      expect(new URL(flow.url).searchParams.get('nonce')).toMatch(/^[A-Za-z0-9]{32}$/);
      const { code, state } = await op.authorize(flow.url, { account: sub });
      const response = await client.get(callbackPath({ code: code!, state: state! }, 'oidc'));
      expect(response.headers.get('location')).toBe('/welcome');
      expect((await client.get('/get-session')).body.user).toMatchObject({ email, emailVerified: true });
      const row = await accountRow(h(), sub);
      expect(row.idToken).toMatch(/^v1:/);
      expect(row.accessToken).toMatch(/^v1:/);
      expect(row.scope).toContain('openid');
    });

    it("refreshes the OP's access token for the signed-in user", async () => {
      const { sub } = account();
      const client = h().client();
      const flow = await startFlow(client, { provider: 'oidc', scopes: ['offline_access'] });
      const { code, state } = await op.authorize(flow.url, { account: sub });
      await client.get(callbackPath({ code: code!, state: state! }, 'oidc'));
      const userId = (await client.get('/get-session')).body.user.id;
      const [before] = await h().auth.context.providerAccounts.listForUser(userId, 'oidc');
      expect(before?.refreshToken).toBeTruthy();
      const response = await client.post('/refresh-token', { providerId: 'oidc' });
      expect(response.status).toBe(200);
      expect(response.body.accessToken).not.toBe(before?.accessToken);
      const [after] = await h().auth.context.providerAccounts.listForUser(userId, 'oidc');
      expect(after?.accessToken).toBe(response.body.accessToken);
    });

    it("passes the OP's refusal on as its error", async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'oidc', errorCallbackURL: '/err' });
      const denied = await op.authorize(flow.url, { deny: true });
      const response = await client.get(callbackPath({ error: denied.error!, state: denied.state! }, 'oidc'));
      expect(locationOf(response).url.pathname).toBe('/err');
      expect(locationOf(response).query.error).toBe('access_denied');
    });

    it('signs in with an id_token the client holds: {redirect: false, token, user} and the session cookies', async () => {
      const { sub, email } = account();
      const client = h().client();
      const token = await idTokenFor({ sub, email, email_verified: true, name: 'Token Holder', nonce: 'client-nonce' });
      const response = await client.post('/sign-in/social', {
        provider: 'oidc',
        idToken: { token, nonce: 'client-nonce', refreshToken: 'op-refresh-token' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        redirect: false,
        token: expect.any(String),
        user: expect.objectContaining({ email, emailVerified: true, name: 'Token Holder' }),
      });
      expect(response.setCookies.has('latchkey.session_token')).toBe(true);
      expect((await client.get('/get-session')).body.user.email).toBe(email);
      const row = await accountRow(h(), sub);
      expect(row.idToken).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain('op-refresh-token');
      const [stored] = await h().auth.context.providerAccounts.listForUser(row.userId, 'oidc');
      expect([stored?.idToken, stored?.refreshToken]).toEqual([token, 'op-refresh-token']);
    });

    it('answers 401 Failed to get user info when the provider cannot read the profile (userinfo refuses the access token)', async () => {
      const { sub, email } = account();
      const token = await idTokenFor({ sub, email, email_verified: true });
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'oidc', idToken: { token, accessToken: 'not-the-ops-token' } });
      expect([response.status, response.body]).toEqual([
        401,
        { code: 'FAILED_TO_GET_USER_INFO', message: 'Failed to get user info' },
      ]);
    });

    it('answers 401 invalid token for a wrong nonce, a wrong audience, an expired token or a tampered signature, changing nothing', async () => {
      const { sub, email } = account();
      const claims = { sub, email, email_verified: true };
      const now = Math.floor(Date.now() / 1000);
      const good = await idTokenFor({ ...claims, nonce: 'n1' });
      const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const cases = [
        { token: good, nonce: 'n2' },
        { token: await idTokenFor({ ...claims, aud: 'someone-else' }) },
        { token: await idTokenFor({ ...claims, iat: now - 1200, exp: now - 600 }) },
        { token: tampered, nonce: 'n1' },
      ];
      for (const idToken of cases) {
        await expectNothingChanged(h(), async () => {
          const response = await h().client().post('/sign-in/social', { provider: 'oidc', idToken });
          expect([response.status, response.body]).toEqual([401, { code: 'INVALID_TOKEN', message: 'invalid token' }]);
        });
      }
    });

    it('answers 404 id_token not supported for a provider that cannot check one', async () => {
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'github', idToken: { token: 'x.y.z' } });
      expect([response.status, response.body]).toEqual([
        404,
        { code: 'ID_TOKEN_NOT_SUPPORTED', message: 'id_token not supported' },
      ]);
    });

    it('answers 401 User email not found for a token without an address', async () => {
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'oidc', idToken: { token: await idTokenFor({ sub: 'no-mail-user' }) } });
      expect([response.status, response.body]).toEqual([
        401,
        { code: 'USER_EMAIL_NOT_FOUND', message: 'User email not found' },
      ]);
    });

    it('refuses an unverified address matching a local user: 401 OAUTH_LINK_ERROR account not linked', async () => {
      const { user } = await h().signUp(uniqueEmail('local-op'));
      await h().auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
      await expectNothingChanged(h(), async () => {
        const token = await idTokenFor({ sub: `squat-${user.id}`, email: user.email, email_verified: false });
        const response = await h().client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
        expect([response.status, response.body]).toEqual([
          401,
          { code: 'OAUTH_LINK_ERROR', message: 'account not linked' },
        ]);
      });
    });

    it("refuses a user a plugin's hook refuses, with the hook's error", async () => {
      const block = (userId: string) => blockUser(h(), userId);
      await expectIdTokenSignInRefused(h(), oidcOp, block, [403, 'YOU_ARE_BLOCKED']);
    });

    it('refuses an id_token sign-in from an untrusted page, as every sign-in route does', async () => {
      const { sub, email } = account();
      const token = await idTokenFor({ sub, email, email_verified: true });
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'oidc', idToken: { token } }, { origin: 'https://evil.example' });
      expect([response.status, response.body.code]).toEqual([403, 'INVALID_ORIGIN']);
    });
  },
  { socialProviders: providers, plugins: [profilePlugin] },
);

describeEachDialect(
  'id_token sign-in when e-mails must be verified',
  (h) => {
    it('answers 403 Email not verified for an unverified address and mails a link', async () => {
      const { sub, email } = account(false);
      const token = await idTokenFor({ sub, email, email_verified: false });
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'oidc', idToken: { token }, callbackURL: '/verified' });
      expect([response.status, response.body]).toEqual([
        403,
        { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      ]);
      expect((await h().mail.waitFor(email)).links[0]).toContain('callbackURL=%2Fverified');
    });
  },
  { socialProviders: providers, emailAndPassword: { requireEmailVerification: true } },
);
