/**
 * The second-factor rule on every way in (finishSignIn): a user with two-factor on gets the second
 * step, never a session, from a provider's callback, an id_token, a verification link and a
 * passkey without user verification, exactly as from a password; only a passkey verified by its
 * authenticator completes the sign-in on its own. And every completed sign-in, the second step's
 * included, gives the browser its device cookie.
 */
import { afterAll, expect, it } from 'vitest';
import { passkeyPlugin, twoFactorPlugin } from '../../..';
import { ORIGIN, describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { countRows, sessionCount } from '../../../../test/support/rows';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';
import { callbackPath, startFlow } from '../../../../test/oauth/support/github-flow';
import { startOidcFixture } from '../../../../test/oauth/support/oidc-flow';
import { nextStep, totpCode, userWithTwoFactor, type TwoFactorUser } from './support';

const SESSION_COOKIE = 'latchkey.session_token';
const TWO_FACTOR_COOKIE = 'latchkey.two_factor';
const DEVICE_COOKIE = 'latchkey.device';

const oidcOp = await startOidcFixture();
afterAll(() => oidcOp.close());

/** A two-factor user whose address the OP asserts, verified here too, so the identity links on sign-in. */
async function twoFactorUserAtOP(h: Harness): Promise<TwoFactorUser & { sub: string }> {
  const user = await userWithTwoFactor(h);
  await h.auth.context.users.update(user.userId, { emailVerified: true, updatedAt: h.clock.now() });
  const sub = `2fa-${user.userId}`;
  oidcOp.op.setAccount({ sub, email: user.email, email_verified: true, name: 'Two Factor' });
  return { ...user, sub };
}

/** The second step completes the held sign-in of `client`, which then has a session. */
async function completeSecondStep(h: Harness, client: TestClient, user: TwoFactorUser) {
  nextStep(h);
  const verified = await client.post('/two-factor/verify-totp', { code: totpCode(h, user.secret) });
  expect(verified.status).toBe(200);
  expect((await client.get('/get-session')).body.user.id).toBe(user.userId);
  return verified;
}

function expectHeld(response: { setCookies: Map<string, { value: string }> }) {
  expect(response.setCookies.get(SESSION_COOKIE)?.value || undefined).toBeUndefined();
  expect(response.setCookies.get(TWO_FACTOR_COOKIE)?.value).toBeTruthy();
}

describeEachDialect(
  'the second-factor rule on every way in',
  (h) => {
    it('holds a provider callback for the second step: to the error target with twoFactorRedirect, no session', async () => {
      const user = await twoFactorUserAtOP(h());
      const sessions = await sessionCount(h(), user.userId);
      const client = h().client();
      const flow = await startFlow(client, { provider: 'oidc', callbackURL: '/app', errorCallbackURL: '/sign-in' });
      const { code, state } = await oidcOp.op.authorize(flow.url, { account: user.sub });
      const response = await client.get(callbackPath({ code: code!, state: state! }, 'oidc'));
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, ORIGIN);
      expect(location.pathname).toBe('/sign-in');
      expect(location.searchParams.get('twoFactorRedirect')).toBe('true');
      expect(location.searchParams.get('twoFactorMethods')).toContain('totp');
      expectHeld(response);
      expect((await client.get('/get-session')).body).toBeNull();
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
      await completeSecondStep(h(), client, user);
    });

    it("holds an id_token sign-in: better-auth's twoFactorRedirect answer and the two_factor cookie", async () => {
      const user = await twoFactorUserAtOP(h());
      const sessions = await sessionCount(h(), user.userId);
      const token = await oidcOp.idTokenFor({ sub: user.sub, email: user.email, email_verified: true });
      const client = h().client();
      const response = await client.post('/sign-in/social', { provider: 'oidc', idToken: { token } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ twoFactorRedirect: true });
      expect(response.body.token).toBeUndefined();
      expectHeld(response);
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
      await completeSecondStep(h(), client, user);
    });

    it("holds the verification link's sign-in: the mailbox alone does not pass the second factor", async () => {
      const user = await userWithTwoFactor(h());
      const sent = await h().client().post('/send-verification-email', { email: user.email, callbackURL: '/verified' });
      expect(sent.status).toBe(200);
      const mail = await h().mail.waitFor(user.email);
      const link = new URL(mail.links[0]!);
      const sessions = await sessionCount(h(), user.userId);
      const client = h().client();
      const response = await client.get(`${link.pathname.replace(/^\/api\/auth/, '')}${link.search}`);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, ORIGIN);
      expect(location.pathname).toBe('/verified');
      expect(location.searchParams.get('twoFactorRedirect')).toBe('true');
      expectHeld(response);
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
      const row = await h().auth.context.users.findById(user.userId);
      expect(row?.emailVerified).toBe(true);
      await completeSecondStep(h(), client, user);
    });

    it('holds a passkey sign-in without user verification; a verified passkey signs in on its own', async () => {
      const user = await userWithTwoFactor(h());
      const authenticator = new SoftAuthenticator(ORIGIN);
      const options = await user.client.get('/passkey/generate-register-options');
      const registered = await user.client.post('/passkey/verify-registration', {
        response: authenticator.create(options.body),
      });
      expect(registered.status).toBe(200);
      const passkeySignIn = async (client: TestClient, userVerified: boolean) => {
        const challenge = await client.get('/passkey/generate-authenticate-options');
        const response = authenticator.get(challenge.body, { userVerified });
        return client.post('/passkey/verify-authentication', { response });
      };

      const sessions = await sessionCount(h(), user.userId);
      const held = h().client();
      const presence = await passkeySignIn(held, false);
      expect(presence.status).toBe(200);
      expect(presence.body).toMatchObject({ twoFactorRedirect: true });
      expectHeld(presence);
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
      await completeSecondStep(h(), held, user);

      const verified = await passkeySignIn(h().client(), true);
      expect(verified.status).toBe(200);
      expect(verified.body.user.id).toBe(user.userId);
      expect(verified.setCookies.get(SESSION_COOKIE)?.value).toBeTruthy();
    });

    it('gives the browser the device cookie when the second step completes the sign-in, not before', async () => {
      const user = await userWithTwoFactor(h());
      const client = h().client();
      const first = await client.post('/sign-in/email', { email: user.email, password: 'correct horse battery' });
      expect(first.body.twoFactorRedirect).toBe(true);
      expect(first.setCookies.has(DEVICE_COOKIE)).toBe(false);
      const second = await completeSecondStep(h(), client, user);
      expect(second.setCookies.get(DEVICE_COOKIE)?.value).toBeTruthy();
      expect(await countRows(h(), 'session')).toBeGreaterThan(0);
    });
  },
  {
    plugins: [twoFactorPlugin(), passkeyPlugin()],
    socialProviders: [oidcOp.provider],
    emailVerification: { autoSignInAfterVerification: true },
  },
);
