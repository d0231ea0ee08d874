/**
 * LATCHKEY_ADMIN_EMAILS and providers (issue 29, item 5): a generic OpenID Provider asserting a
 * listed address verified makes no admin — not at sign-up, not at a later sign-in, not at the
 * start-up promotion — until the address is verified by Latchkey's mail; a trusted provider (Google)
 * makes one at sign-up, or at the later sign-in that first verifies the address.
 */
import { afterAll, expect, it } from 'vitest';
import { adminPlugin, type AuthEvent } from '../../..';
import { adminSchema } from '../schema';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { startProviderTrustFixture } from '../../../../test/oauth/support/provider-trust';

const fixture = await startProviderTrustFixture();
afterAll(() => fixture.close());

/** Listed, each claimed by one test. */
const BOSS = {
  viaOidc: 'boss-oidc@example.com',
  viaIdToken: 'boss-id-token@example.com',
  viaOidcThenMail: 'boss-mail@example.com',
  viaGoogle: 'boss-google@example.com',
  viaGoogleLater: 'boss-google-later@example.com',
};

const events: AuthEvent[] = [];
const promotionsOf = (userId: string) =>
  events.filter((event) => event.type === 'role-changed' && event.userId === userId);

async function userRow(h: Harness, email: string) {
  return adminSchema
    .db(h.auth.context)
    .selectFrom('user')
    .select(['id', 'emailVerified', 'role'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

describeEachDialect(
  'admins by e-mail through providers',
  (h) => {
    it('a listed address asserted verified by a generic OpenID Provider stays user, at sign-in and at start-up', async () => {
      const sub = fixture.account('oidc', BOSS.viaOidc);
      const browser = h().client();
      await fixture.signIn(browser, 'oidc', sub);
      const row = await userRow(h(), BOSS.viaOidc);
      expect(row).toMatchObject({ emailVerified: false, role: 'user' });
      expect((await browser.get('/get-session')).body.user).toMatchObject({ role: 'user' });

      await fixture.signIn(h().client(), 'oidc', sub);
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
      expect(await userRow(h(), BOSS.viaOidc)).toEqual(row);
      expect(promotionsOf(row.id)).toEqual([]);
    });

    it('a listed address in a generic OpenID Provider’s id_token makes a user, not an admin', async () => {
      const token = await fixture.oidcIdToken({ sub: 'boss-id-token', email: BOSS.viaIdToken, email_verified: true });
      const response = await h().client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ emailVerified: false, role: 'user' });
      expect(await userRow(h(), BOSS.viaIdToken)).toMatchObject({ emailVerified: false, role: 'user' });
    });

    it("the generic provider's user with a listed address becomes admin once Latchkey's mail verifies it", async () => {
      const browser = h().client();
      await fixture.signIn(browser, 'oidc', fixture.account('oidc', BOSS.viaOidcThenMail));
      const { id } = await userRow(h(), BOSS.viaOidcThenMail);
      await browser.post('/send-verification-email', { email: BOSS.viaOidcThenMail });
      const mail = await h().mail.waitFor(BOSS.viaOidcThenMail);
      const link = mail.links.find((l) => l.startsWith(`${BASE_URL}${API}/verify-email?`))!;
      expect((await browser.get(link.slice(`${BASE_URL}${API}`.length))).status).toBe(200);
      expect(await userRow(h(), BOSS.viaOidcThenMail)).toMatchObject({ emailVerified: true, role: 'admin' });
      expect(promotionsOf(id)).toEqual([
        expect.objectContaining({ method: 'admin-emails', actorUserId: null, detail: { role: 'admin' } }),
      ]);
    });

    it('a trusted provider (Google) creating a listed, verified user makes an admin from its first session', async () => {
      const browser = h().client();
      await fixture.signIn(browser, 'google', fixture.account('google', BOSS.viaGoogle));
      const row = await userRow(h(), BOSS.viaGoogle);
      expect(row).toMatchObject({ emailVerified: true, role: 'admin' });
      expect((await browser.get('/get-session')).body.user).toMatchObject({ role: 'admin' });
      expect(promotionsOf(row.id)).toHaveLength(1);
    });

    it('a trusted provider that verifies a listed address at a later sign-in promotes the user, and that session says so', async () => {
      const sub = fixture.account('google', BOSS.viaGoogleLater, false);
      await fixture.signIn(h().client(), 'google', sub);
      const before = await userRow(h(), BOSS.viaGoogleLater);
      expect(before).toMatchObject({ emailVerified: false, role: 'user' });

      fixture.reassert('google', sub, BOSS.viaGoogleLater, true);
      const browser = h().client();
      await fixture.signIn(browser, 'google', sub);
      expect(await userRow(h(), BOSS.viaGoogleLater)).toMatchObject({ emailVerified: true, role: 'admin' });
      expect((await browser.get('/get-session')).body.user).toMatchObject({ role: 'admin' });
      expect(promotionsOf(before.id)).toHaveLength(1);
    });
  },
  {
    socialProviders: fixture.providers,
    plugins: [adminPlugin({ adminEmails: Object.values(BOSS) })],
    observers: [{ event: (event: AuthEvent) => void events.push(event) }],
  },
);
