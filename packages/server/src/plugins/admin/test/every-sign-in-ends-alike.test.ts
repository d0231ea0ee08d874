/**
 * Every way in ends in the same operation (finishSignIn, issue #29 items 8 and 13): a completed
 * sign-in by a provider's callback, an id_token, a passkey, the verification link or the second
 * step gives the browser its device cookie and emits a successful `sign-in` event naming its
 * method, which the admin plugin keeps as the user's last sign-in; and a banned user gets no
 * session from any of them: refused at the first step, before a
 * second-step challenge is issued, and at the second step when banned while it was pending.
 * (Password and username sign-ins are tested with their routes: device-cookies, bans, username.)
 */
import { afterAll, expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, passkeyPlugin, twoFactorPlugin, type AuthEvent } from '../../..';
import {
  ORIGIN,
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type TestClient,
} from '../../../../test/support/harness';
import { sessionCount } from '../../../../test/support/rows';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';
import { callbackPath, startFlow } from '../../../../test/oauth/support/github-flow';
import { startOidcFixture } from '../../../../test/oauth/support/oidc-flow';
import { nextStep, PASSWORD, totpCode, userWithTwoFactor } from '../../two-factor/test/support';
import { adminSchema } from '../schema';
import { readLastSignIn } from '../last-sign-in';

const SESSION_COOKIE = 'latchkey.session_token';
const TWO_FACTOR_COOKIE = 'latchkey.two_factor';
const DEVICE_COOKIE = 'latchkey.device';
const BANNED = {
  status: 403,
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};

const oidcOp = await startOidcFixture();
afterAll(() => oidcOp.close());

const events: AuthEvent[] = [];

interface Answer {
  status: number;
  setCookies: Map<string, { value: string }>;
}

async function ban(h: Harness, userId: string): Promise<void> {
  await adminSchema.db(h.auth.context).updateTable('user').set({ banned: true }).where('id', '=', userId).execute();
}

/** The answer set a live session cookie and a device cookie, and a successful `sign-in` event of `method` was told. */
function expectCompleted(answer: Answer, userId: string, method: string): void {
  expect(answer.setCookies.get(SESSION_COOKIE)?.value).toBeTruthy();
  expect(answer.setCookies.get(DEVICE_COOKIE)?.value).toBeTruthy();
  expect(events.filter((e) => e.type === 'sign-in' && e.userId === userId).at(-1)).toMatchObject({
    outcome: 'success',
    method,
  });
}

/** The admin plugin's last sign-in of the user is now: this sign-in wrote it. */
async function expectLastSignInNow(h: Harness, userId: string): Promise<void> {
  await h.auth.context.background.drain();
  expect(await readLastSignIn(h.auth.context, userId)).toEqual(h.clock.now());
}

/** A user known to the OP by `sub`, its address verified (so the OP's identity signs in as this user). */
async function opUser(h: Harness): Promise<{ sub: string; email: string; userId: string }> {
  const { sub, email } = oidcOp.account();
  const created = await idTokenSignIn(h.client(), { sub, email });
  expect(created.status).toBe(200);
  return { sub, email, userId: created.body.user.id };
}

async function callbackSignIn(client: TestClient, sub: string) {
  const flow = await startFlow(client, { provider: 'oidc', callbackURL: '/app', errorCallbackURL: '/sign-in' });
  const { code, state } = await oidcOp.op.authorize(flow.url, { account: sub });
  return client.get(callbackPath({ code: code!, state: state! }, 'oidc'));
}

/** A fresh id_token of the OP's account each time: a token signs in once. */
async function idTokenSignIn(client: TestClient, account: { sub: string; email: string }) {
  const token = await oidcOp.idTokenFor({ ...account, email_verified: true });
  return client.post('/sign-in/social', { provider: 'oidc', idToken: { token } });
}

/** A signed-up user with a registered passkey (its authenticator) and the browser that registered it. */
async function userWithPasskey(h: Harness) {
  const signedUp = await h.signUp(uniqueEmail('end-passkey'), PASSWORD);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await signedUp.client.get('/passkey/generate-register-options');
  const registered = await signedUp.client.post('/passkey/verify-registration', {
    response: authenticator.create(options.body),
  });
  expect(registered.status).toBe(200);
  return { userId: signedUp.user.id as string, authenticator };
}

async function passkeySignIn(client: TestClient, authenticator: SoftAuthenticator) {
  const challenge = await client.get('/passkey/generate-authenticate-options');
  return client.post('/passkey/verify-authentication', { response: authenticator.get(challenge.body) });
}

/** The verification link mailed to `email`, as a path under the API. */
async function verificationLink(h: Harness, email: string): Promise<string> {
  expect((await h.client().post('/send-verification-email', { email })).status).toBe(200);
  const link = new URL((await h.mail.waitFor(email)).links[0]!);
  return `${link.pathname.replace(/^\/api\/auth/, '')}${link.search}`;
}

describeEachDialect(
  'every sign-in ends alike',
  (h) => {
    it('a provider callback, an id_token, a passkey, the verification link and the second step each give the device cookie and the sign-in event', async () => {
      const op = await opUser(h());
      h().clock.advance(1);
      const callback = await callbackSignIn(h().client(), op.sub);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/app');
      expectCompleted(callback, op.userId, 'social:oidc');
      await expectLastSignInNow(h(), op.userId);

      h().clock.advance(1);
      const idToken = await idTokenSignIn(h().client(), op);
      expect(idToken.status).toBe(200);
      expectCompleted(idToken, op.userId, 'social:oidc');
      await expectLastSignInNow(h(), op.userId);

      const passkeyUser = await userWithPasskey(h());
      h().clock.advance(1);
      const passkey = await passkeySignIn(h().client(), passkeyUser.authenticator);
      expect(passkey.status).toBe(200);
      expectCompleted(passkey, passkeyUser.userId, 'passkey');
      await expectLastSignInNow(h(), passkeyUser.userId);

      const unverified = await h().signUp(uniqueEmail('end-link'), PASSWORD);
      h().clock.advance(1);
      const link = await h()
        .client()
        .get(await verificationLink(h(), unverified.user.email));
      expect(link.status).toBe(200);
      expectCompleted(link, unverified.user.id, 'verification-link');
      await expectLastSignInNow(h(), unverified.user.id);

      const twoFactor = await userWithTwoFactor(h());
      const pending = h().client();
      h().clock.advance(1);
      const first = await pending.post('/sign-in/email', { email: twoFactor.email, password: PASSWORD });
      expect(first.body.twoFactorRedirect).toBe(true);
      nextStep(h());
      const second = await pending.post('/two-factor/verify-totp', { code: totpCode(h(), twoFactor.secret) });
      expect(second.status).toBe(200);
      expectCompleted(second, twoFactor.userId, 'two-factor:totp');
      await expectLastSignInNow(h(), twoFactor.userId);
    });

    it('refuses a banned user at every way in with 403 BANNED_USER, no session and no device cookie', async () => {
      const op = await opUser(h());
      await ban(h(), op.userId);
      const passkeyUser = await userWithPasskey(h());
      await ban(h(), passkeyUser.userId);
      const unverified = await h().signUp(uniqueEmail('end-banned-link'), PASSWORD);
      const link = await verificationLink(h(), unverified.user.email);
      await ban(h(), unverified.user.id);
      const sessionsBefore = await Promise.all(
        [op.userId, passkeyUser.userId, unverified.user.id].map((id) => sessionCount(h(), id)),
      );

      const callback = await callbackSignIn(h().client(), op.sub);
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get('location')!, ORIGIN).searchParams.get('error')).toBe(BANNED.code);
      const answers: Answer[] = [callback];
      const byToken = await idTokenSignIn(h().client(), op);
      await expectError(byToken, BANNED);
      const byPasskey = await passkeySignIn(h().client(), passkeyUser.authenticator);
      await expectError(byPasskey, BANNED);
      const byLink = await h().client().get(link);
      await expectError(byLink, BANNED);
      answers.push(byToken, byPasskey, byLink);
      for (const answer of answers) {
        expect(answer.setCookies.get(SESSION_COOKIE)?.value || undefined).toBeUndefined();
        expect(answer.setCookies.has(DEVICE_COOKIE)).toBe(false);
      }
      const sessionsAfter = await Promise.all(
        [op.userId, passkeyUser.userId, unverified.user.id].map((id) => sessionCount(h(), id)),
      );
      expect(sessionsAfter).toEqual(sessionsBefore);
    });

    it('refuses a banned two-factor user at the first step, before any challenge, as better-auth does', async () => {
      const user = await userWithTwoFactor(h());
      await ban(h(), user.userId);
      const sessions = await sessionCount(h(), user.userId);
      const client = h().client();
      const first = await client.post('/sign-in/email', { email: user.email, password: PASSWORD });
      await expectError(first, BANNED);
      expect(first.setCookies.get(TWO_FACTOR_COOKIE)?.value || undefined).toBeUndefined();
      expect(first.setCookies.get(SESSION_COOKIE)?.value || undefined).toBeUndefined();
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
    });

    it('refuses the second step of a user banned while it was pending: no session, no device cookie', async () => {
      const user = await userWithTwoFactor(h());
      const client = h().client();
      const first = await client.post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect(first.body.twoFactorRedirect).toBe(true);
      await ban(h(), user.userId);
      const sessions = await sessionCount(h(), user.userId);
      nextStep(h());
      const second = await client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) });
      await expectError(second, BANNED);
      expect(second.setCookies.get(SESSION_COOKIE)?.value || undefined).toBeUndefined();
      expect(second.setCookies.has(DEVICE_COOKIE)).toBe(false);
      expect(await sessionCount(h(), user.userId)).toBe(sessions);
      expect((await client.get('/get-session')).body).toBeNull();
    });
  },
  {
    plugins: [adminPlugin(), twoFactorPlugin(), passkeyPlugin()],
    socialProviders: [oidcOp.provider],
    emailVerification: { autoSignInAfterVerification: true },
    observers: [{ event: (event) => events.push(event) }],
  },
);
