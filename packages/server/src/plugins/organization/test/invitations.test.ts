import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '../errors';
import {
  ORIGIN,
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type TestClient,
} from '../../../../test/support/harness';
import { db as dbOf, insertMember, insertOrganization, insertTeam } from './rows';

const HOUR = 3600;
const EXPIRY = 48 * HOUR;

/**
 * Rows written directly: the create-organization route is built separately, and these tests are
 * about invitations only.
 */
function fixtures(h: () => Harness) {
  const db = () => dbOf(h());

  async function addMember(organizationId: string, userId: string, role: string): Promise<void> {
    await insertMember(h(), organizationId, userId, role);
  }

  async function verify(userId: string): Promise<void> {
    await db()
      .updateTable('user')
      .set({ emailVerified: true } as never)
      .where('id', '=', userId)
      .execute();
  }

  /** An organization with a signed-in owner, admin and member. */
  async function organization(name = 'Acme') {
    const id = await insertOrganization(h(), { name });
    const owner = await h().signUp(uniqueEmail('owner'), undefined, 'Olive Owner');
    const admin = await h().signUp(uniqueEmail('admin'));
    const member = await h().signUp(uniqueEmail('member'));
    await addMember(id, owner.user.id, 'owner');
    await addMember(id, admin.user.id, 'admin');
    await addMember(id, member.user.id, 'member');
    return { id, owner, admin, member };
  }

  /** A signed-up user with a verified address, the only kind that may accept. */
  async function invitee(email = uniqueEmail('invitee')) {
    const user = await h().signUp(email);
    await verify(user.user.id);
    return user;
  }

  async function invite(
    client: TestClient,
    organizationId: string,
    email: string,
    role: string | string[] = 'member',
    extra: object = {},
  ) {
    return client.post('/organization/invite-member', { email, role, organizationId, ...extra });
  }

  /** accept-invitation, reject-invitation or cancel-invitation, by `client`. */
  async function settle(client: TestClient, action: 'accept' | 'reject' | 'cancel', invitationId: string) {
    return client.post(`/organization/${action}-invitation`, { invitationId });
  }

  async function invitationRow(id: string) {
    return db().selectFrom('invitation').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function membersOf(organizationId: string, userId: string) {
    return db()
      .selectFrom('member')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where('userId', '=', userId)
      .execute();
  }

  /** The `skip`-th invitation mail to `address` (sign-up may mail it too). */
  async function invitationMail(address: string, skip = 0) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = h()
        .mail.to(address)
        .filter((m) => m.subject.startsWith('You are invited'))[skip];
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no invitation mail #${skip + 1} to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return { db, addMember, verify, organization, invitee, invite, settle, invitationRow, membersOf, invitationMail };
}

describeEachDialect(
  'organization invitations',
  (h) => {
    const f = fixtures(h);

    it('an owner invites, the mail links to the web app, and the verified recipient reads, accepts and becomes an active member', async () => {
      const org = await f.organization('<b>Acme & Co</b>');
      const recipient = await f.invitee();
      const email = recipient.user.email as string;

      const invited = await f.invite(org.owner.client, org.id, email.toUpperCase(), 'admin');
      expect(invited.status).toBe(200);
      expect(invited.body).toMatchObject({
        organizationId: org.id,
        email,
        role: 'admin',
        status: 'pending',
        inviterId: org.owner.user.id,
        teamId: null,
      });
      const row = await f.invitationRow(invited.body.id);
      expect(row).toMatchObject({ email, role: 'admin', status: 'pending', inviterId: org.owner.user.id });
      expect(row.expiresAt).toEqual(new Date(h().clock.now().getTime() + EXPIRY * 1000));

      const mail = await f.invitationMail(email);
      const link = `${ORIGIN}/invitations/${invited.body.id}`;
      expect(mail.subject).toBe('You are invited to join <b>Acme & Co</b>');
      expect(mail.links).toEqual([link]);
      expect(mail.text).toContain(org.owner.user.email);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('&lt;b&gt;Acme &amp; Co&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Acme');

      const mine = await recipient.client.get('/organization/list-user-invitations');
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([
        expect.objectContaining({ id: invited.body.id, organizationName: '<b>Acme & Co</b>' }),
      ]);

      const read = await recipient.client.get(`/organization/get-invitation?id=${invited.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: invited.body.id,
        organizationName: '<b>Acme & Co</b>',
        organizationSlug: org.id,
        inviterEmail: org.owner.user.email,
      });

      const accepted = await f.settle(recipient.client, 'accept', invited.body.id);
      expect(accepted.status).toBe(200);
      expect(accepted.body.invitation).toMatchObject({ id: invited.body.id, status: 'accepted' });
      expect(accepted.body.member).toMatchObject({ organizationId: org.id, userId: recipient.user.id, role: 'admin' });
      expect((await f.invitationRow(invited.body.id)).status).toBe('accepted');
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(1);

      // From the cookie cache as much as from the database: the organization is active at once.
      const cached = await recipient.client.get('/get-session');
      expect(cached.body.session.activeOrganizationId).toBe(org.id);
      const stored = await recipient.client.get('/get-session?disableCookieCache=true');
      expect(stored.body.session.activeOrganizationId).toBe(org.id);

      expect((await recipient.client.get('/organization/list-user-invitations')).body).toEqual([]);
      const listed = await org.member.client.get(`/organization/list-invitations?organizationId=${org.id}`);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: invited.body.id, status: 'accepted' })]);
    });

    it('an admin may invite, a member may not, and only an owner may invite an owner', async () => {
      const org = await f.organization();
      expect((await f.invite(org.admin.client, org.id, uniqueEmail('by-admin'), ['member', 'admin'])).status).toBe(200);
      await expectError(
        await f.invite(org.member.client, org.id, uniqueEmail('by-member')),
        ORGANIZATION_ERRORS.notAllowedToInvite,
      );
      await expectError(
        await f.invite(org.admin.client, org.id, uniqueEmail('owner-by-admin'), 'owner'),
        ORGANIZATION_ERRORS.notAllowedToInviteWithRole,
      );
      const byOwner = await f.invite(org.owner.client, org.id, uniqueEmail('owner-by-owner'), 'owner');
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.role).toBe('owner');
      await expectError(
        await f.invite(org.owner.client, org.id, uniqueEmail('nobody'), 'emperor'),
        ORGANIZATION_ERRORS.roleNotFound,
      );
      expect(
        (
          await f
            .db()
            .selectFrom('invitation')
            .select('role')
            .where('organizationId', '=', org.id)
            .orderBy('role')
            .execute()
        ).map((r) => r.role),
      ).toEqual(['member,admin', 'owner']);
    });

    it('invitation routes answer 401 without a session and 403 to someone outside the organization', async () => {
      const org = await f.organization();
      const outsider = await f.invitee();
      const anonymous = h().client();
      expect(
        (
          await anonymous.post('/organization/invite-member', {
            email: uniqueEmail(),
            role: 'member',
            organizationId: org.id,
          })
        ).status,
      ).toBe(401);
      expect((await f.settle(anonymous, 'accept', 'x')).status).toBe(401);
      expect((await anonymous.get('/organization/list-user-invitations')).status).toBe(401);
      await expectError(await f.invite(outsider.client, org.id, uniqueEmail()), ORGANIZATION_ERRORS.notAMember);
      await expectError(
        await outsider.client.get(`/organization/list-invitations?organizationId=${org.id}`),
        ORGANIZATION_ERRORS.notAMember,
      );
      await expectError(
        await outsider.client.get('/organization/list-invitations'),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
    });

    it('inviting a member answers 400 already a member; a second invitation 400 already invited, unless resend extends and mails it again', async () => {
      const org = await f.organization();
      await expectError(
        await f.invite(org.owner.client, org.id, org.member.user.email),
        ORGANIZATION_ERRORS.alreadyAMember,
      );

      const email = uniqueEmail('twice');
      const first = await f.invite(org.owner.client, org.id, email);
      expect(first.status).toBe(200);
      await f.invitationMail(email);
      await expectError(await f.invite(org.admin.client, org.id, email), ORGANIZATION_ERRORS.alreadyInvited);

      h().clock.advance(HOUR);
      const resent = await f.invite(org.admin.client, org.id, email, 'member', { resend: true });
      expect(resent.status).toBe(200);
      expect(resent.body.id).toBe(first.body.id);
      const row = await f.invitationRow(first.body.id);
      expect(row.expiresAt).toEqual(new Date(h().clock.now().getTime() + EXPIRY * 1000));
      const again = await f.invitationMail(email, 1);
      expect(again.links).toEqual([`${ORIGIN}/invitations/${first.body.id}`]);
      expect(await f.db().selectFrom('invitation').select('id').where('email', '=', email).execute()).toHaveLength(1);
    });

    it('an invitation 48 hours and one second old can be neither read, listed nor accepted, and no longer blocks a new one', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email);
      h().clock.advance(EXPIRY + 1);
      await expectError(
        await f.settle(recipient.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
      await expectError(
        await f.settle(recipient.client, 'reject', invited.body.id),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
      await expectError(
        await recipient.client.get(`/organization/get-invitation?id=${invited.body.id}`),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
      expect((await recipient.client.get('/organization/list-user-invitations')).body).toEqual([]);
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(0);
      const fresh = await f.invite(org.owner.client, org.id, recipient.user.email);
      expect(fresh.status).toBe(200);
      expect(fresh.body.id).not.toBe(invited.body.id);
    });

    it('someone other than the recipient can neither read, accept nor reject the invitation', async () => {
      const org = await f.organization();
      const invited = await f.invite(org.owner.client, org.id, uniqueEmail('someone'));
      const other = await f.invitee();
      for (const response of [
        await other.client.get(`/organization/get-invitation?id=${invited.body.id}`),
        await f.settle(other.client, 'accept', invited.body.id),
        await f.settle(other.client, 'reject', invited.body.id),
      ]) {
        await expectError(response, ORGANIZATION_ERRORS.notTheRecipient);
      }
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');
      expect(await f.membersOf(org.id, other.user.id)).toHaveLength(0);
    });

    it('the recipient with an unverified e-mail may neither accept nor reject, and the invitation stays pending', async () => {
      const org = await f.organization();
      const unverified = await h().signUp(uniqueEmail('unverified'));
      const invited = await f.invite(org.owner.client, org.id, unverified.user.email);
      await expectError(
        await f.settle(unverified.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
      );
      await expectError(
        await f.settle(unverified.client, 'reject', invited.body.id),
        ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
      );
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');
      expect(await f.membersOf(org.id, unverified.user.id)).toHaveLength(0);

      await f.verify(unverified.user.id);
      expect((await f.settle(unverified.client, 'accept', invited.body.id)).status).toBe(200);
    });

    it('an account signed up under the invited address but unverified learns nothing: list-user-invitations and get-invitation answer 403', async () => {
      const org = await f.organization('Secret Project');
      const unverified = await h().signUp(uniqueEmail('squatter'));
      const invited = await f.invite(org.owner.client, org.id, unverified.user.email);
      const refusal = {
        code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
        message: 'Email verification required to view or list invitations for the session email',
      };

      const listed = await unverified.client.get('/organization/list-user-invitations');
      expect(listed.status).toBe(403);
      expect(listed.body).toEqual(refusal);
      const read = await unverified.client.get(`/organization/get-invitation?id=${invited.body.id}`);
      expect(read.status).toBe(403);
      expect(read.body).toEqual(refusal);
      expect(JSON.stringify([listed.body, read.body])).not.toContain('Secret Project');
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');

      // Once the mailbox is proven, the same session sees the invitation.
      await f.verify(unverified.user.id);
      const after = await unverified.client.get('/organization/list-user-invitations');
      expect(after.status).toBe(200);
      expect(after.body).toEqual([
        expect.objectContaining({ id: invited.body.id, organizationName: 'Secret Project' }),
      ]);
      expect((await unverified.client.get(`/organization/get-invitation?id=${invited.body.id}`)).body).toMatchObject({
        organizationName: 'Secret Project',
      });
    });

    it('the recipient rejects a pending invitation, which can then not be accepted', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email);
      const rejected = await f.settle(recipient.client, 'reject', invited.body.id);
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ invitation: { id: invited.body.id, status: 'rejected' }, member: null });
      expect((await f.invitationRow(invited.body.id)).status).toBe('rejected');
      await expectError(
        await f.settle(recipient.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(0);
    });

    it('an owner or admin cancels an invitation, a member or an outsider may not, and a canceled invitation cannot be accepted', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const outsider = await f.invitee();
      const first = await f.invite(org.owner.client, org.id, recipient.user.email);
      await expectError(
        await f.settle(org.member.client, 'cancel', first.body.id),
        ORGANIZATION_ERRORS.notAllowedToCancelInvitation,
      );
      await expectError(await f.settle(outsider.client, 'cancel', first.body.id), ORGANIZATION_ERRORS.notAMember);
      expect((await f.invitationRow(first.body.id)).status).toBe('pending');

      const canceled = await f.settle(org.admin.client, 'cancel', first.body.id);
      expect(canceled.status).toBe(200);
      expect(canceled.body).toMatchObject({ id: first.body.id, status: 'canceled' });
      expect((await f.invitationRow(first.body.id)).status).toBe('canceled');
      await expectError(
        await f.settle(recipient.client, 'accept', first.body.id),
        ORGANIZATION_ERRORS.invitationNotFound,
      );
      await expectError(
        await f.settle(org.owner.client, 'cancel', first.body.id),
        ORGANIZATION_ERRORS.invitationNotFound,
      );

      const second = await f.invite(org.owner.client, org.id, recipient.user.email);
      expect((await f.settle(org.owner.client, 'cancel', second.body.id)).status).toBe(200);
      await expectError(await f.settle(org.owner.client, 'cancel', 'missing'), ORGANIZATION_ERRORS.invitationNotFound);
    });

    // Guard: joinByInvitation's status change conditional on `pending` (settleInvitation,
    // plugins/organization/store/invite-and-join.ts), which refuses the losers with 400; the route read the
    // invitation pending before the transaction, so without it they reach the member insert, where
    // the unique index on member(organizationId, userId) (organization/schema.ts) alone answers 500.
    it('10 parallel accepts of one invitation make exactly one member', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => f.settle(recipient.client, 'accept', invited.body.id)),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(400);
        expect([ORGANIZATION_ERRORS.invitationNotFound.code, ORGANIZATION_ERRORS.alreadyAMember.code]).toContain(
          response.body.code,
        );
      }
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(1);
      expect((await f.invitationRow(invited.body.id)).status).toBe('accepted');
    });

    it('accepting an invitation with a team adds the team membership; an unknown team cannot be invited into', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const teamId = await insertTeam(h(), org.id, 'Blue');
      await expectError(
        await f.invite(org.owner.client, org.id, recipient.user.email, 'member', { teamId: 'no-such-team' }),
        ORGANIZATION_ERRORS.teamNotFound,
      );
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email, 'member', { teamId });
      expect(invited.body.teamId).toBe(teamId);
      expect((await f.settle(recipient.client, 'accept', invited.body.id)).status).toBe(200);
      const teamMembers = await f
        .db()
        .selectFrom('teamMember')
        .selectAll()
        .where('userId', '=', recipient.user.id)
        .execute();
      expect(teamMembers).toEqual([expect.objectContaining({ teamId })]);
    });

    it("accepting makes the invitation's team the active team, and accepting one without a team clears the previous organization's active team", async () => {
      const first = await f.organization();
      const second = await f.organization();
      const recipient = await f.invitee();
      const teamId = await insertTeam(h(), first.id, 'Blue');
      const active = async () => {
        const cached = (await recipient.client.get('/get-session')).body.session;
        const stored = (await recipient.client.get('/get-session?disableCookieCache=true')).body.session;
        expect(cached).toMatchObject({
          activeOrganizationId: stored.activeOrganizationId,
          activeTeamId: stored.activeTeamId,
        });
        return { activeOrganizationId: stored.activeOrganizationId, activeTeamId: stored.activeTeamId };
      };

      const withTeam = await f.invite(first.owner.client, first.id, recipient.user.email, 'member', { teamId });
      expect((await f.settle(recipient.client, 'accept', withTeam.body.id)).status).toBe(200);
      expect(await active()).toEqual({ activeOrganizationId: first.id, activeTeamId: teamId });

      const withoutTeam = await f.invite(second.owner.client, second.id, recipient.user.email);
      expect((await f.settle(recipient.client, 'accept', withoutTeam.body.id)).status).toBe(200);
      expect(await active()).toEqual({ activeOrganizationId: second.id, activeTeamId: null });
    });

    it('accepting an invitation whose team has been removed since joins without a team and leaves no active team', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const teamId = await insertTeam(h(), org.id, 'Blue');
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email, 'member', { teamId });
      await f.db().deleteFrom('team').where('id', '=', teamId).execute();
      expect((await f.settle(recipient.client, 'accept', invited.body.id)).status).toBe(200);
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(1);
      expect(
        await f.db().selectFrom('teamMember').select('id').where('userId', '=', recipient.user.id).execute(),
      ).toEqual([]);
      expect((await recipient.client.get('/get-session?disableCookieCache=true')).body.session).toMatchObject({
        activeOrganizationId: org.id,
        activeTeamId: null,
      });
    });

    it('an invitation whose inviter has left answers 400 Inviter is no longer a member', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.admin.client, org.id, recipient.user.email);
      await f
        .db()
        .deleteFrom('member')
        .where('organizationId', '=', org.id)
        .where('userId', '=', org.admin.user.id)
        .execute();
      await expectError(
        await recipient.client.get(`/organization/get-invitation?id=${invited.body.id}`),
        ORGANIZATION_ERRORS.inviterNoLongerMember,
      );
      await expectError(
        await f.settle(recipient.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.inviterNoLongerMember,
      );
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(0);
    });

    it('accepting as someone who already joined answers 400 already a member and leaves the invitation pending', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email);
      await f.addMember(org.id, recipient.user.id, 'member');
      await expectError(
        await f.settle(recipient.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.alreadyAMember,
      );
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
);

const errors: string[] = [];

describeEachDialect(
  'organization invitations with a membership limit of 4 and a broken mail server',
  (h) => {
    const f = fixtures(h);

    it('members and open invitations share the limit, and accepting into a full organization answers 403', async () => {
      const org = await f.organization();
      const recipient = await f.invitee();
      const invited = await f.invite(org.owner.client, org.id, recipient.user.email);
      expect(invited.status).toBe(200);
      await expectError(
        await f.invite(org.owner.client, org.id, uniqueEmail('fifth')),
        ORGANIZATION_ERRORS.membershipLimitReached,
      );

      const late = await h().signUp(uniqueEmail('late'));
      await f.addMember(org.id, late.user.id, 'member');
      await expectError(
        await f.settle(recipient.client, 'accept', invited.body.id),
        ORGANIZATION_ERRORS.membershipLimitReached,
      );
      expect(await f.membersOf(org.id, recipient.user.id)).toHaveLength(0);
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');
    });

    it('an invitation whose mail cannot be sent is still created, and the failure is logged', async () => {
      const org = await f.organization();
      const invited = await f.invite(org.owner.client, org.id, uniqueEmail('unmailed'));
      expect(invited.status).toBe(200);
      expect((await f.invitationRow(invited.body.id)).status).toBe('pending');
      await h().auth.context.background.drain();
      expect(errors).toContain('Could not send the invitation mail');
    });
  },
  {
    plugins: [organizationPlugin({ membershipLimit: 4 })],
    mailer: {
      send: () => Promise.reject(new Error('SMTP server is down')),
    },
    logger: { info() {}, warn() {}, error: (_obj: unknown, msg?: string) => errors.push(msg ?? '') },
  },
);
