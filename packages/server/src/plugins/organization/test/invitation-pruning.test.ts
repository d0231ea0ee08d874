/**
 * The organization plugin's expired invitations, deleted by the engine's prune job through the
 * plugin's `expiringRows`. The recipient's routes answer an expired invitation as a missing one,
 * but list-invitations and get-full-organization still show it: so an invitation is kept for
 * `ORGANIZATION_DEFAULTS.invitationKeepAfterExpiry` past its expiry, and a prune changes no answer until then.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { ORGANIZATION_DEFAULTS, organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '../errors';
import { pruneJobForTests } from '../../../testing';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { db, insertInvitation, insertMember, insertOrganization } from './rows';

const PASSWORD = 'correct horse battery';

async function verifiedUser(h: Harness, email: string) {
  const user = await h.signUp(email, PASSWORD);
  await db(h)
    .updateTable('user')
    .set({ emailVerified: true } as never)
    .where('id', '=', user.user.id)
    .execute();
  return user;
}

function invitationIds(h: Harness, organizationId: string) {
  return db(h)
    .selectFrom('invitation')
    .select('id')
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

describeEachDialect(
  'pruning expired invitations',
  (h) => {
    it('keeps an expired invitation answered as before for the keep period, and deletes it and long-expired ones after', async () => {
      const organizationId = await insertOrganization(h());
      const ownerEmail = uniqueEmail('owner');
      const owner = await h().signUp(ownerEmail, PASSWORD);
      await insertMember(h(), organizationId, owner.user.id, 'owner');
      const inviteeEmail = uniqueEmail('invitee');
      const invitee = await verifiedUser(h(), inviteeEmail);
      const now = h().clock.now().getTime();
      const invitation = (email: string, expiresIn: number) =>
        insertInvitation(h(), {
          organizationId,
          inviterId: owner.user.id,
          email,
          expiresAt: new Date(now + expiresIn * 1000),
        });
      const justExpired = await invitation(inviteeEmail, -1);
      const longExpired = await invitation(uniqueEmail('old'), -ORGANIZATION_DEFAULTS.invitationKeepAfterExpiry - 1);
      const settledLongAgo = await invitation(
        uniqueEmail('settled'),
        -ORGANIZATION_DEFAULTS.invitationKeepAfterExpiry - 1,
      );
      await db(h()).updateTable('invitation').set({ status: 'accepted' }).where('id', '=', settledLongAgo).execute();
      const open = await invitation(uniqueEmail('open'), 3600);

      const answers = async (id: string) => ({
        get: await invitee.client.get(`/organization/get-invitation?id=${id}`),
        accept: await invitee.client.post('/organization/accept-invitation', { invitationId: id }),
        reject: await invitee.client.post('/organization/reject-invitation', { invitationId: id }),
      });
      const before = await answers(justExpired);
      for (const response of Object.values(before)) await expectError(response, ORGANIZATION_ERRORS.invitationNotFound);
      const listed = (await owner.client.get(`/organization/list-invitations?organizationId=${organizationId}`)).body;
      expect(listed.map((i: { id: string }) => i.id)).toContain(justExpired);

      const deleted = await pruneJobForTests(h().auth).runPass();
      expect(deleted.invitation).toBeGreaterThanOrEqual(2);
      expect(await invitationIds(h(), organizationId)).toEqual([justExpired, open].sort());
      const after = await answers(justExpired);
      for (const key of ['get', 'accept', 'reject'] as const) {
        expect([after[key].status, after[key].body]).toEqual([before[key].status, before[key].body]);
      }
      expect((await owner.client.get(`/organization/list-invitations?organizationId=${organizationId}`)).body).toEqual(
        listed.filter((i: { id: string }) => i.id !== longExpired && i.id !== settledLongAgo),
      );

      h().clock.advance(ORGANIZATION_DEFAULTS.invitationKeepAfterExpiry);
      await pruneJobForTests(h().auth).runPass();
      // The open one expired less than the keep period ago.
      expect(await invitationIds(h(), organizationId)).toEqual([open]);
      // Gone, the invitation is answered to its recipient as it was once expired.
      const recipient = h().client();
      expect((await recipient.post('/sign-in/email', { email: inviteeEmail, password: PASSWORD })).status).toBe(200);
      await expectError(
        await recipient.get(`/organization/get-invitation?id=${justExpired}`),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
    });
  },
  { plugins: [organizationPlugin()] },
);
