/**
 * POST /sign-in/username under the rules every sign-in obeys: e-mail verification, a plugin's
 * refusal of the session, the device cookie that lets an account's owner in while strangers hold
 * it locked, and HTML form posts under the origin checks.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { AuthError, DEFAULTS, defineErrors, definePluginSchema, usernamePlugin, type Plugin } from '../../..';
import { randomString } from '../../../crypto/random';
import { CROSS_SITE_NAVIGATION, postForm } from '../../../../test/support/form-post';
import { describeEachDialect, uniqueEmail } from '../../../../test/support/harness';
import { expectLocked } from '../../../../test/support/lockout';
import { expectNothingChanged, sessionsOf } from '../../../../test/support/rows';
import { PASSWORD, REFUSED, signInUsername, signUp, uniqueUsername, userRow, WRONG } from './support/username-fixtures';

const DEVICE = 'latchkey.device';

describeEachDialect(
  'sign-in/username when e-mails must be verified',
  (h) => {
    it('answers 403 EMAIL_NOT_VERIFIED and mails a link after the right password, 401 after a wrong one, and signs in once verified', async () => {
      const email = uniqueEmail('verify');
      const typed = uniqueUsername('verify');
      const signedUp = await signUp(h(), { username: typed }, email);
      expect(signedUp.body).toMatchObject({ token: null });
      await h().mail.waitFor(email);

      await expectError(await signInUsername(h(), typed, WRONG), 401, REFUSED.invalidCredentials);
      expect(h().mail.to(email)).toHaveLength(1);

      const unverified = await h()
        .client()
        .post('/sign-in/username', { username: typed, password: PASSWORD, callbackURL: '/welcome' });
      await expectError(unverified, 403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
      expect(unverified.setCookies.size).toBe(0);
      const link = await h().mail.waitFor(email, { skip: 1 });
      expect(new URL(link.links[0]!).searchParams.get('callbackURL')).toBe('/welcome');
      expect(await sessionsOf(h(), signedUp.body.user.id)).toHaveLength(0);

      await h().auth.context.users.update(signedUp.body.user.id, { emailVerified: true, updatedAt: h().clock.now() });
      expect((await signInUsername(h(), typed, PASSWORD)).status).toBe(200);
    });
  },
  { plugins: [usernamePlugin()], emailAndPassword: { requireEmailVerification: true } },
);

const refusal = defineErrors({ refused: [403, 'You are refused'] });
/** The username plugin's column, as another plugin reads it. */
const withUsername = definePluginSchema()({ user: { username: 'string' } });
/** Refuses sessions to users whose username starts with `refused`, as the admin plugin's ban will. */
const refusingPlugin: Plugin = {
  id: 'test-refusal',
  hooks: {
    async beforeCreateSession(user) {
      if (withUsername.user(user).username?.startsWith('refused')) throw new AuthError(refusal.refused);
    },
  },
};

describeEachDialect(
  'sign-in/username refused by a plugin',
  (h) => {
    it('answers the refusal after the right password, 401 after a wrong one, and creates no session', async () => {
      const email = uniqueEmail('refused');
      const username = uniqueUsername('refused');
      expect((await signUp(h(), { username }, email)).status).toBe(403);
      const user = await userRow(h(), email);

      await expectError(await signInUsername(h(), username, WRONG), 401, REFUSED.invalidCredentials);
      await expectError(await signInUsername(h(), username, PASSWORD), 403, {
        code: 'YOU_ARE_REFUSED',
        message: 'You are refused',
      });
      await expectError(await h().client().post('/sign-in/email', { email, password: PASSWORD }), 403, {
        code: 'YOU_ARE_REFUSED',
        message: 'You are refused',
      });
      expect(await sessionsOf(h(), user!.id as string)).toHaveLength(0);
    });
  },
  { plugins: [usernamePlugin(), refusingPlugin] },
);

describeEachDialect(
  'sign-in/username with a device cookie',
  (h) => {
    it('the device cookie of an e-mail sign-in opens a username sign-in of the same account while strangers hold it locked', async () => {
      const email = uniqueEmail('byname');
      const username = `dev_${randomString(8).toLowerCase()}`;
      const client = h().client();
      const signUp = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Ada', username });
      expect(signUp.status).toBe(200);
      const owner = h().client('192.0.2.30');
      expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        expect((await signInUsername(h(), username, WRONG)).status).toBe(401);
      }
      expectLocked(await signInUsername(h(), username, PASSWORD));
      expectLocked(await h().client().post('/sign-in/email', { email, password: PASSWORD }));

      const response = await owner.post('/sign-in/username', { username, password: PASSWORD });

      expect(response.status).toBe(200);
      expect(response.body.user.id).toBe(signUp.body.user.id);
      expect(response.setCookies.has(DEVICE)).toBe(true);
    });
  },
  { plugins: [usernamePlugin()] },
);

describeEachDialect(
  'HTML form posts to username sign-in',
  (h) => {
    it('signs in from a same-origin form with the username, and lands on the callbackURL with 303', async () => {
      const email = uniqueEmail('form-username');
      const signedUp = await h()
        .client()
        .post('/sign-up/email', { email, password: PASSWORD, name: 'Named', username: 'form_user' });
      expect(signedUp.status).toBe(200);

      const browser = h().client();
      const response = await postForm(browser, '/sign-in/username', {
        username: 'Form_User',
        password: PASSWORD,
        rememberMe: 'on',
        callbackURL: '/home',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/home');
      expect((await browser.get('/get-session')).body.user.email).toBe(email);
      expect(await sessionsOf(h(), signedUp.body.user.id)).toHaveLength(2);
    });

    it('refuses a username form posted from another site with 403 CROSS_SITE_NAVIGATION_LOGIN_BLOCKED', async () => {
      await expectNothingChanged(h(), async () => {
        const response = await postForm(
          h().client(),
          '/sign-in/username',
          { username: 'form_user', password: PASSWORD },
          { origin: null, headers: CROSS_SITE_NAVIGATION },
        );
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
        expect(response.setCookies.size).toBe(0);
      });
    });
  },
  { plugins: [usernamePlugin()] },
);
