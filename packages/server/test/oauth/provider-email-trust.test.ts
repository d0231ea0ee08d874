/**
 * Whose `email_verified` makes a user's address verified (issue 29, item 5). A generic OpenID
 * Provider may assert any address verified, so a user it creates starts unverified, and its later
 * sign-ins verify nothing; a provider trusted to vouch for addresses (Google) creates the user
 * verified, and verifies an unverified one at a later sign-in, telling the plugins
 * (`afterEmailVerified`) as the verification link does. What a verified address grants (the admin
 * role by e-mail, invitations) is tested in test/admin and test/organization.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { definePlugin } from '../../src';
import { API, BASE_URL, describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { startProviderTrustFixture } from './support/provider-trust';

const fixture = await startProviderTrustFixture();
afterAll(() => fixture.close());

/** The users whose verification the plugins were told of, in order. */
let told: { id: string; emailVerified: boolean }[] = [];
const verificationListener = definePlugin({
  id: 'verification-listener',
  hooks: {
    afterEmailVerified: async (user) => {
      told.push({ id: user.id, emailVerified: user.emailVerified });
    },
  },
});

async function userRow(h: Harness, email: string) {
  return h.auth.context.db
    .selectFrom('user')
    .select(['id', 'emailVerified', 'updatedAt'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

describeEachDialect(
  "providers' verified e-mails",
  (h) => {
    beforeEach(() => {
      told = [];
    });

    it("a generic OpenID Provider's email_verified=true creates an unverified user, and its later sign-ins verify nothing", async () => {
      const email = uniqueEmail('oidc');
      const sub = fixture.account('oidc', email);
      const browser = h().client();
      await fixture.signIn(browser, 'oidc', sub);
      const row = await userRow(h(), email);
      expect(row.emailVerified).toBe(false);
      expect((await browser.get('/get-session')).body.user).toMatchObject({ email, emailVerified: false });

      h().clock.advance(60);
      await fixture.signIn(h().client(), 'oidc', sub);
      expect(await userRow(h(), email)).toEqual(row);
      expect(told).toEqual([]);
    });

    it('an id_token sign-in through the generic provider creates an unverified user, and answers so', async () => {
      const email = uniqueEmail('id-token');
      const token = await fixture.oidcIdToken({ sub: `id-token-${email}`, email, email_verified: true });
      const response = await h().client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ email, emailVerified: false });
      expect((await userRow(h(), email)).emailVerified).toBe(false);
    });

    it("the generic provider's user verifies the address by Latchkey's mail, and the plugins are told", async () => {
      const email = uniqueEmail('oidc-mail');
      const browser = h().client();
      await fixture.signIn(browser, 'oidc', fixture.account('oidc', email));
      const sent = await browser.post('/send-verification-email', { email });
      expect([sent.status, sent.body]).toEqual([200, { status: true }]);
      const link = (await h().mail.waitFor(email)).links.find((l) => l.startsWith(`${BASE_URL}${API}/verify-email?`))!;
      expect((await browser.get(link.slice(`${BASE_URL}${API}`.length))).status).toBe(200);
      const row = await userRow(h(), email);
      expect(row.emailVerified).toBe(true);
      expect(told).toEqual([{ id: row.id, emailVerified: true }]);
    });

    it('a trusted provider (Google) creates the user verified', async () => {
      const email = uniqueEmail('google');
      const browser = h().client();
      await fixture.signIn(browser, 'google', fixture.account('google', email));
      expect((await userRow(h(), email)).emailVerified).toBe(true);
      expect((await browser.get('/get-session')).body.user).toMatchObject({ email, emailVerified: true });
      // Created verified: the plugins hear of it through afterUserCreated, not as a later verification.
      expect(told).toEqual([]);
    });

    it('a trusted provider that verifies the address at a later sign-in verifies the user and tells the plugins', async () => {
      const email = uniqueEmail('google-later');
      const sub = fixture.account('google', email, false);
      await fixture.signIn(h().client(), 'google', sub);
      const before = await userRow(h(), email);
      expect(before.emailVerified).toBe(false);

      fixture.reassert('google', sub, email, true);
      h().clock.advance(60);
      const browser = h().client();
      await fixture.signIn(browser, 'google', sub);
      const after = await userRow(h(), email);
      expect(after.emailVerified).toBe(true);
      expect(after.updatedAt.getTime()).toBe(h().clock.now().getTime());
      expect((await browser.get('/get-session')).body.user).toMatchObject({ emailVerified: true });
      expect(told).toEqual([{ id: before.id, emailVerified: true }]);
    });
  },
  { socialProviders: fixture.providers, plugins: [verificationListener] },
);
