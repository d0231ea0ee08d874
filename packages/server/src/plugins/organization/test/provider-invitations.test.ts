/**
 * Invitations and providers (issue 29, item 5): a generic OpenID Provider asserting the invited
 * address verified does not make its user the recipient — accepting and rejecting answer 403 until
 * Latchkey's mail verifies the address; a trusted provider's (Google's) verified address may accept.
 */
import { afterAll, expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '../errors';
import { describeEachDialect, uniqueEmail, type Harness, type TestClient } from '../../../../test/support/harness';
import { startProviderTrustFixture } from '../../../../test/oauth/support/provider-trust';
import { db as organizationDb, insertMember, insertOrganization } from './rows';

const fixture = await startProviderTrustFixture();
afterAll(() => fixture.close());

/** An organization whose owner has invited `email` as a member; the invitation's id. */
async function invitationTo(h: Harness, email: string): Promise<{ organizationId: string; invitationId: string }> {
  const organizationId = await insertOrganization(h);
  const owner = await h.signUp(uniqueEmail('owner'));
  await insertMember(h, organizationId, owner.user.id, 'owner');
  const invited = await owner.client.post('/organization/invite-member', { email, role: 'member', organizationId });
  expect(invited.status).toBe(200);
  return { organizationId, invitationId: invited.body.id as string };
}

async function userIdOf(h: Harness, email: string): Promise<string> {
  const row = await h.auth.context.users.findByEmail(email);
  return row!.id;
}

function settle(client: TestClient, action: 'accept' | 'reject', invitationId: string) {
  return client.post(`/organization/${action}-invitation`, { invitationId });
}

describeEachDialect(
  'invitations to addresses a provider asserted',
  (h) => {
    it("a generic OpenID Provider's user cannot accept or reject an invitation to the address it asserted: 403, invitation pending, no member", async () => {
      const email = uniqueEmail('invited-oidc');
      const { organizationId, invitationId } = await invitationTo(h(), email);
      const browser = h().client();
      await fixture.signIn(browser, 'oidc', fixture.account('oidc', email));
      const userId = await userIdOf(h(), email);

      await expectError(
        await settle(browser, 'accept', invitationId),
        ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
      );
      await expectError(
        await settle(browser, 'reject', invitationId),
        ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
      );
      const db = organizationDb(h());
      const invitation = await db
        .selectFrom('invitation')
        .select('status')
        .where('id', '=', invitationId)
        .executeTakeFirst();
      expect(invitation?.status).toBe('pending');
      const members = await db
        .selectFrom('member')
        .select('id')
        .where('organizationId', '=', organizationId)
        .where('userId', '=', userId)
        .execute();
      expect(members).toEqual([]);
    });

    it("a trusted provider's (Google's) user accepts the invitation to its verified address", async () => {
      const email = uniqueEmail('invited-google');
      const { organizationId, invitationId } = await invitationTo(h(), email);
      const browser = h().client();
      await fixture.signIn(browser, 'google', fixture.account('google', email));
      const accepted = await settle(browser, 'accept', invitationId);
      expect(accepted.status).toBe(200);
      const db = organizationDb(h());
      const members = await db
        .selectFrom('member')
        .select('role')
        .where('organizationId', '=', organizationId)
        .where('userId', '=', await userIdOf(h(), email))
        .execute();
      expect(members).toEqual([{ role: 'member' }]);
    });
  },
  { socialProviders: fixture.providers, plugins: [organizationPlugin()] },
);
