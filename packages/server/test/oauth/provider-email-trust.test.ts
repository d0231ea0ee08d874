/**
 * Whose `email_verified` Latchkey believes (issue 29, item 5). A generic OpenID Provider may
 * assert any address verified, so a user it creates starts unverified — and so is no admin by
 * LATCHKEY_ADMIN_EMAILS and cannot accept that address's invitations — until the address is proved
 * by Latchkey's own mail; a provider trusted to vouch for addresses (Google here, a real OP standing
 * in for accounts.google.com) creates it verified, and verifies it at a later sign-in. Both
 * providers run against real oidc-provider instances on loopback.
 */
import { afterAll, expect, it } from 'vitest';
import { expectError } from '../../../../test/expect-error';
import { adminPlugin, organizationPlugin, type AuthEvent } from '../../src';
import { oidc } from '../../src/oauth/providers/oidc';
import { google } from '../../src/oauth/providers/google';
import { ORGANIZATION_ERRORS } from '../../src/plugins/organization/errors';
import { adminSchema } from '../../src/plugins/admin/schema';
import { API, BASE_URL, describeEachDialect, type Harness, type TestClient } from '../support/harness';
import { startOpenIDProvider } from '../support/oidc-provider';
import { db as organizationDb, insertMember, insertOrganization } from '../organization/rows';
import { callbackPath, locationOf, startFlow } from './support/github-flow';
import { startOidcFixture } from './support/oidc-flow';

const GOOGLE_CLIENT = 'web-client.apps.googleusercontent.com';
const GOOGLE_SECRET = 'GOCSPX-secret';

const oidcOp = await startOidcFixture();
const googleOp = await startOpenIDProvider({
  clients: [
    {
      client_id: GOOGLE_CLIENT,
      client_secret: GOOGLE_SECRET,
      redirect_uris: [`${BASE_URL}${API}/callback/google`],
    },
  ],
});
afterAll(async () => {
  await oidcOp.close();
  await googleOp.close();
});

/** The generic provider as the README's "Add your provider" configures it: not trusted for e-mails. */
const untrustedOidc = oidc({ issuer: oidcOp.op.issuer, clientId: 'latchkey', clientSecret: 'op-secret' });
const trustedGoogle = google({
  clientId: GOOGLE_CLIENT,
  clientSecret: GOOGLE_SECRET,
  endpoints: {
    issuer: googleOp.issuer,
    authorization: googleOp.endpoints.authorization,
    token: googleOp.endpoints.token,
    jwks: googleOp.endpoints.jwks,
  },
});

/** Listed in LATCHKEY_ADMIN_EMAILS, each claimed by one test. */
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

let serial = 0;
/** A new account at `op` asserting `email` with `email_verified`; its `sub`. */
function opAccount(op: { setAccount(account: object): void }, email: string, verified = true): string {
  serial += 1;
  const sub = `trust-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  op.setAccount({ sub, email, email_verified: verified, name: `Claimant ${serial}` });
  return sub;
}

/** The whole browser flow through `provider` as the OP's account `sub`; the callback's answer. */
async function signInThrough(client: TestClient, provider: 'oidc' | 'google', sub: string) {
  const op = provider === 'oidc' ? oidcOp.op : googleOp;
  const flow = await startFlow(client, { provider, callbackURL: '/app', errorCallbackURL: '/err' });
  const { code, state } = await op.authorize(flow.url, { account: sub });
  const response = await client.get(callbackPath({ code: code!, state: state! }, provider));
  expect(response.status).toBe(302);
  expect(locationOf(response).query.error).toBeUndefined();
  return response;
}

async function userRowByEmail(h: Harness, email: string) {
  return adminSchema
    .db(h.auth.context)
    .selectFrom('user')
    .select(['id', 'emailVerified', 'role'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

describeEachDialect(
  "providers' verified e-mails",
  (h) => {
    it("a generic OpenID Provider's email_verified=true creates an unverified user, who stays user though listed as admin", async () => {
      const sub = opAccount(oidcOp.op, BOSS.viaOidc);
      const browser = h().client();
      await signInThrough(browser, 'oidc', sub);
      const row = await userRowByEmail(h(), BOSS.viaOidc);
      expect(row).toMatchObject({ emailVerified: false, role: 'user' });
      expect((await browser.get('/get-session')).body.user).toMatchObject({ emailVerified: false, role: 'user' });
      expect(promotionsOf(row.id)).toEqual([]);

      // Signing in again through the same identity, asserting the same, verifies nothing either.
      await signInThrough(h().client(), 'oidc', sub);
      expect(await userRowByEmail(h(), BOSS.viaOidc)).toEqual(row);
      // Nor does the start-up promotion.
      expect(await h().auth.api.promoteAdminEmails!()).toEqual({ promoted: 0 });
      expect((await userRowByEmail(h(), BOSS.viaOidc)).role).toBe('user');
    });

    it("an id_token sign-in through the generic provider creates an unverified user, answered so", async () => {
      const token = await oidcOp.idTokenFor({ sub: `id-token-${serial++}`, email: BOSS.viaIdToken, email_verified: true });
      const response = await h().client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ email: BOSS.viaIdToken, emailVerified: false, role: 'user' });
      expect(await userRowByEmail(h(), BOSS.viaIdToken)).toMatchObject({ emailVerified: false, role: 'user' });
    });

    it("a generic provider's user proves the address by Latchkey's mail, and only then becomes the listed admin", async () => {
      const browser = h().client();
      await signInThrough(browser, 'oidc', opAccount(oidcOp.op, BOSS.viaOidcThenMail));
      const { id } = await userRowByEmail(h(), BOSS.viaOidcThenMail);
      const sent = await browser.post('/send-verification-email', { email: BOSS.viaOidcThenMail });
      expect([sent.status, sent.body]).toEqual([200, { status: true }]);
      const mail = await h().mail.waitFor(BOSS.viaOidcThenMail);
      const link = mail.links.find((l) => l.startsWith(`${BASE_URL}${API}/verify-email?`))!;
      expect((await browser.get(link.slice(`${BASE_URL}${API}`.length))).status).toBe(200);
      expect(await userRowByEmail(h(), BOSS.viaOidcThenMail)).toMatchObject({ emailVerified: true, role: 'admin' });
      expect(promotionsOf(id)).toEqual([
        expect.objectContaining({ method: 'admin-emails', actorUserId: null, detail: { role: 'admin' } }),
      ]);
    });

    it('a trusted provider (Google) creates the user verified, and a listed address is admin from its first answer', async () => {
      const browser = h().client();
      await signInThrough(browser, 'google', opAccount(googleOp, BOSS.viaGoogle));
      const row = await userRowByEmail(h(), BOSS.viaGoogle);
      expect(row).toMatchObject({ emailVerified: true, role: 'admin' });
      expect((await browser.get('/get-session')).body.user).toMatchObject({ emailVerified: true, role: 'admin' });
      expect(promotionsOf(row.id)).toHaveLength(1);
    });

    it('a trusted provider that verifies the address at a later sign-in verifies the user and promotes a listed one', async () => {
      const sub = opAccount(googleOp, BOSS.viaGoogleLater, false);
      await signInThrough(h().client(), 'google', sub);
      const before = await userRowByEmail(h(), BOSS.viaGoogleLater);
      expect(before).toMatchObject({ emailVerified: false, role: 'user' });

      googleOp.setAccount({ sub, email: BOSS.viaGoogleLater, email_verified: true, name: 'Claimant' });
      const browser = h().client();
      await signInThrough(browser, 'google', sub);
      expect(await userRowByEmail(h(), BOSS.viaGoogleLater)).toMatchObject({ emailVerified: true, role: 'admin' });
      // The session made by that very sign-in already carries the role.
      expect((await browser.get('/get-session')).body.user).toMatchObject({ emailVerified: true, role: 'admin' });
      expect(promotionsOf(before.id)).toHaveLength(1);
    });

    it("a generic provider's user cannot accept (or reject) an invitation to the address it asserted: 403, invitation pending, no member", async () => {
      const organizationId = await insertOrganization(h());
      const owner = await h().signUp();
      await insertMember(h(), organizationId, owner.user.id, 'owner');
      const invitee = 'invited-through-oidc@example.com';
      const invited = await owner.client.post('/organization/invite-member', {
        email: invitee,
        role: 'member',
        organizationId,
      });
      expect(invited.status).toBe(200);

      const browser = h().client();
      await signInThrough(browser, 'oidc', opAccount(oidcOp.op, invitee));
      const { id: userId } = await userRowByEmail(h(), invitee);
      const accept = () => browser.post('/organization/accept-invitation', { invitationId: invited.body.id });
      await expectError(await accept(), ORGANIZATION_ERRORS.emailNotVerifiedForInvitation);
      await expectError(
        await browser.post('/organization/reject-invitation', { invitationId: invited.body.id }),
        ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
      );
      const db = organizationDb(h());
      const invitation = await db.selectFrom('invitation').select('status').where('id', '=', invited.body.id).executeTakeFirst();
      expect(invitation?.status).toBe('pending');
      const members = await db.selectFrom('member').select('id').where('userId', '=', userId).execute();
      expect(members).toEqual([]);
    });
  },
  {
    socialProviders: [untrustedOidc, trustedGoogle],
    plugins: [adminPlugin({ adminEmails: Object.values(BOSS) }), organizationPlugin()],
    observers: [{ event: (event: AuthEvent) => void events.push(event) }],
  },
);
