/**
 * What password sign-in obeys, social sign-in obeys too: bans (the admin plugin's hook on every
 * session), the per-account lock (except in the owner's browser, which holds a device cookie), and
 * the e-mail verification requirement; and a provider's own sign-up rules.
 */
import { afterAll, expect, it } from 'vitest';
import { adminPlugin } from '../../src';
import { DEFAULTS } from '../../src/options';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { countRows, expectNothingChanged } from '../support/rows';
import {
  githubIdentity,
  githubProvider,
  locationOf,
  signInWith,
  startGithubEmulator,
  type GithubIdentity,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const providers = [
  githubProvider(emulator),
  { ...githubProvider(emulator, { disableSignUp: true }), id: 'closed' },
  { ...githubProvider(emulator, { disableImplicitSignUp: true }), id: 'invite' },
];

const BANNED = 'You have been banned from this application. Please contact support if you believe this is an error.';

/** A user who signed up with GitHub; the browser that did it keeps its device cookie. */
async function socialUser(h: Harness, identity: GithubIdentity = githubIdentity(uniqueEmail('social'))) {
  const browser = h.client();
  expect((await signInWith(emulator, browser, identity)).status).toBe(302);
  const userId = (await browser.get('/get-session')).body.user.id as string;
  return { identity, userId, browser };
}

describeEachDialect(
  'social sign-in: bans, locks and sign-up rules',
  (h) => {
    it('refuses a banned user: BANNED_USER on the error target, and no session', async () => {
      const { identity, userId } = await socialUser(h());
      await h()
        .auth.context.db.updateTable('user')
        .set({ banned: true } as never)
        .where('id', '=', userId)
        .execute();
      const browser = h().client();
      const sessions = await countRows(h(), 'session');
      const response = await signInWith(emulator, browser, identity, { errorCallbackURL: '/err' });
      expect(locationOf(response).url.pathname).toBe('/err');
      expect(locationOf(response).query).toEqual({ error: 'BANNED_USER', error_description: BANNED });
      expect(await countRows(h(), 'session')).toBe(sessions);
      expect((await browser.get('/get-session')).body).toBeNull();
    });

    it('lifts an expired ban at the sign-in, as for a password', async () => {
      const { identity, userId } = await socialUser(h());
      const expired = new Date(h().clock.now().getTime() - 1000);
      await h()
        .auth.context.db.updateTable('user')
        .set({ banned: true, banExpires: expired } as never)
        .where('id', '=', userId)
        .execute();
      const response = await signInWith(emulator, h().client(), identity, { callbackURL: '/in' });
      expect(response.headers.get('location')).toBe('/in');
    });

    it('gives the browser a device cookie, as a password sign-in does', async () => {
      const { browser } = await socialUser(h());
      expect(browser.cookies.has('latchkey.device')).toBe(true);
    });

    it("refuses a locked account (strangers' wrong passwords) from a new browser with TOO_MANY_REQUESTS, but not from the owner's", async () => {
      const { identity, browser: owner } = await socialUser(h());
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
  { socialProviders: providers, plugins: [adminPlugin()] },
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
