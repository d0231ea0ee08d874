/**
 * What password sign-in obeys, social sign-in obeys too: a plugin's refusal of the session (its
 * beforeCreateSession hook, as the admin plugin's bans: test/admin), the per-account lock (except
 * in the owner's browser, which holds a device cookie), and the e-mail verification requirement;
 * and a provider's own sign-up rules.
 */
import { afterAll, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/auth/options';
import { describeEachDialect, uniqueEmail } from '../support/harness';
import { blockUser, PROFILE_ERRORS, profilePlugin } from '../support/profile-plugin';
import { countRows, expectNothingChanged } from '../support/rows';
import {
  expectGithubSignInRefused,
  githubIdentity,
  githubProvider,
  locationOf,
  signInWith,
  signUpWithGithub,
  startGithubEmulator,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const providers = [
  githubProvider(emulator),
  { ...githubProvider(emulator, { disableSignUp: true }), id: 'closed' },
  { ...githubProvider(emulator, { disableImplicitSignUp: true }), id: 'invite' },
];

describeEachDialect(
  'social sign-in: refusals, locks and sign-up rules',
  (h) => {
    it("refuses a user a plugin's hook refuses: its error on the error target, and no session", async () => {
      await expectGithubSignInRefused(h(), emulator, (userId) => blockUser(h(), userId), PROFILE_ERRORS.blocked);
    });

    it('gives the browser a device cookie, as a password sign-in does', async () => {
      const { browser } = await signUpWithGithub(h(), emulator);
      expect(browser.cookies.has('latchkey.device')).toBe(true);
    });

    it("refuses a locked account (strangers' wrong passwords) from a new browser with TOO_MANY_REQUESTS, but not from the owner's", async () => {
      const { identity, browser: owner } = await signUpWithGithub(h(), emulator);
      const email = identity.emails[0]!.email;
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        expect(
          (await h().client(`198.51.100.${i}`).post('/sign-in/email', { email, password: 'wrong password!' })).status,
        ).toBe(401);
      }
      const stranger = h().client();
      const refused = await signInWith(emulator, stranger, identity, { errorCallbackURL: '/err' });
      expect(locationOf(refused).query.error).toBe('TOO_MANY_REQUESTS');
      expect((await stranger.get('/get-session')).body).toBeNull();

      await owner.post('/sign-out');
      const allowed = await signInWith(emulator, owner, identity, { callbackURL: '/in' });
      expect(allowed.headers.get('location')).toBe('/in');
    });

    it('creates nobody through a provider whose sign-up is disabled, and still signs in users it already knows', async () => {
      await expectNothingChanged(h(), async () => {
        const response = await signInWith(emulator, h().client(), githubIdentity(uniqueEmail('closed')), {
          provider: 'closed',
          errorCallbackURL: '/err',
        });
        expect(response.headers.get('location')).toBe('/err?error=signup+disabled');
        expect(locationOf(response).query.error).toBe('signup disabled');
      });
      const { client, user } = await h().signUp(uniqueEmail('known'));
      const identity = githubIdentity(user.email);
      await signInWith(emulator, client, identity, { provider: 'closed' }, '/link-social');
      const browser = h().client();
      const response = await signInWith(emulator, browser, identity, { provider: 'closed', callbackURL: '/in' });
      expect(response.headers.get('location')).toBe('/in');
      expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
    });

    it('creates a user through an invitation-only provider only when the sign-in asks for it (requestSignUp)', async () => {
      const identity = githubIdentity(uniqueEmail('invited'));
      const implicit = await signInWith(emulator, h().client(), identity, {
        provider: 'invite',
        errorCallbackURL: '/err',
      });
      expect(locationOf(implicit).query.error).toBe('signup disabled');
      const users = await countRows(h(), 'user');
      const explicit = await signInWith(emulator, h().client(), identity, {
        provider: 'invite',
        requestSignUp: true,
        newUserCallbackURL: '/welcome',
      });
      expect(explicit.headers.get('location')).toBe('/welcome');
      expect(await countRows(h(), 'user')).toBe(users + 1);
    });

    it('creates a user whose e-mail the provider did not verify as unverified', async () => {
      const identity = githubIdentity(uniqueEmail('unverified'), { verified: false });
      const browser = h().client();
      await signInWith(emulator, browser, identity);
      expect((await browser.get('/get-session')).body.user.emailVerified).toBe(false);
    });
  },
  { socialProviders: providers, plugins: [profilePlugin] },
);

describeEachDialect(
  'social sign-in when e-mails must be verified',
  (h) => {
    it('creates an unverified user without a session, mails one verification link, and redirects with email_not_verified', async () => {
      const email = uniqueEmail('must-verify');
      const browser = h().client();
      const users = await countRows(h(), 'user');
      const response = await signInWith(emulator, browser, githubIdentity(email, { verified: false }), {
        callbackURL: '/in',
        errorCallbackURL: '/err',
      });
      expect(response.headers.get('location')).toBe('/err?error=email_not_verified');
      expect(await countRows(h(), 'user')).toBe(users + 1);
      expect((await browser.get('/get-session')).body).toBeNull();
      const mail = await h().mail.waitFor(email);
      expect(mail.links[0]).toContain('/api/auth/verify-email?token=');
      expect(h().mail.to(email)).toHaveLength(1);
    });

    it('refuses a known unverified user again and mails a new link, as password sign-in does', async () => {
      const email = uniqueEmail('still-unverified');
      const identity = githubIdentity(email, { verified: false });
      await signInWith(emulator, h().client(), identity);
      await h().mail.waitFor(email);
      const response = await signInWith(emulator, h().client(), identity, { errorCallbackURL: '/err' });
      expect(response.headers.get('location')).toBe('/err?error=email_not_verified');
      await h().mail.waitFor(email, { skip: 1 });
    });

    it('signs in a user whose provider verified the address', async () => {
      const email = uniqueEmail('verified');
      const browser = h().client();
      const response = await signInWith(emulator, browser, githubIdentity(email), {
        callbackURL: '/in',
        newUserCallbackURL: '/new',
      });
      expect(response.headers.get('location')).toBe('/new');
      expect((await browser.get('/get-session')).body.user).toMatchObject({ email, emailVerified: true });
      expect(h().mail.to(email)).toHaveLength(0);
    });
  },
  { socialProviders: providers, emailAndPassword: { requireEmailVerification: true } },
);
