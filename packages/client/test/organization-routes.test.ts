/**
 * The organization plugin's routes through a client typed from the server (SPEC §4–§8,
 * Organization): organizations and the active organization, invitations and their states, member
 * roles, and teams. Each test builds its own organization.
 */
import { describe, expect, it } from 'vitest';
import { markEmailVerified, signedUpBrowser, uniqueEmail, useTestServer } from './support';

const server = useTestServer();

let slugCounter = 0;
/** A signed-in owner with a new organization, active in their session. */
async function ownedOrganization(name = 'Acme') {
  const owner = await signedUpBrowser(server, { name: 'Owner' });
  slugCounter += 1;
  const slug = `org-${slugCounter}-${Math.random().toString(36).slice(2, 7)}`;
  const { data, error } = await owner.client.organization.create({ name, slug });
  expect(error).toBeNull();
  return { owner, organization: data!, slug };
}

/** A verified user invited with `role` who accepts, and makes the organization active. */
async function joinedMember(
  owner: Awaited<ReturnType<typeof ownedOrganization>>['owner'],
  organizationId: string,
  role = 'member',
) {
  const email = uniqueEmail('member');
  const invited = await owner.client.organization.inviteMember({ email, role, organizationId });
  expect(invited.error).toBeNull();
  const member = await signedUpBrowser(server, { email, name: 'Member' });
  await markEmailVerified(server, member.user.id);
  const accepted = await member.client.organization.acceptInvitation({ invitationId: invited.data!.id });
  expect(accepted.error).toBeNull();
  expect((await member.client.organization.setActive({ organizationId })).error).toBeNull();
  return { ...member, memberId: accepted.data!.member.id };
}

describe('organization routes through the typed client', () => {
  it('create answers the organization with its owner, makes it active in the session, and lists it', async () => {
    const { owner, organization, slug } = await ownedOrganization('Created Co');
    expect(organization).toMatchObject({
      name: 'Created Co',
      slug,
      members: [{ userId: owner.user.id, role: 'owner' }],
    });
    expect(organization.createdAt).toBeInstanceOf(Date);
    const session = await owner.client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.session.activeOrganizationId).toBe(organization.id);
    const list = await owner.client.organization.list();
    expect(list.data?.map((o) => o.id)).toEqual([organization.id]);
  });

  it('a taken slug: check-slug answers 400 "slug is taken" and create 400 "Organization already exists"', async () => {
    const { owner, slug } = await ownedOrganization();
    expect((await owner.client.organization.checkSlug({ slug })).error).toMatchObject({
      status: 400,
      code: 'SLUG_IS_TAKEN',
      message: 'slug is taken',
    });
    expect(await owner.client.organization.checkSlug({ slug: `${slug}-free` })).toEqual({
      data: { status: true },
      error: null,
    });
    expect((await owner.client.organization.create({ name: 'Again', slug })).error).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_ALREADY_EXISTS',
    });
  });

  it('an invitation accepted by its verified recipient makes a member, seen by get-active-member and get-full-organization', async () => {
    const { owner, organization } = await ownedOrganization();
    const email = uniqueEmail('invitee');
    const invited = await owner.client.organization.inviteMember({
      email,
      role: 'member',
      organizationId: organization.id,
    });
    expect(invited.data).toMatchObject({ email, role: 'member', status: 'pending', organizationId: organization.id });
    expect(invited.data!.expiresAt).toBeInstanceOf(Date);

    const invitee = await signedUpBrowser(server, { email });
    await markEmailVerified(server, invitee.user.id);
    const pending = await invitee.client.organization.listUserInvitations();
    expect(pending.data?.map((i) => i.id)).toEqual([invited.data!.id]);
    const accepted = await invitee.client.organization.acceptInvitation({ invitationId: invited.data!.id });
    expect(accepted.data).toMatchObject({
      invitation: { status: 'accepted' },
      member: { userId: invitee.user.id, role: 'member' },
    });

    expect((await invitee.client.organization.setActive({ organizationId: organization.id })).error).toBeNull();
    expect((await invitee.client.organization.getActiveMember()).data).toMatchObject({
      userId: invitee.user.id,
      role: 'member',
    });
    const full = await owner.client.organization.getFullOrganization();
    expect(full.data?.members.map((m) => m.user.email).sort()).toEqual([owner.email, email].sort());
    expect(full.data?.invitations.map((i) => i.status)).toEqual(['accepted']);
  });

  it('only the recipient may accept: another user answers 403 "You are not the recipient of the invitation"', async () => {
    const { owner, organization } = await ownedOrganization();
    const invited = await owner.client.organization.inviteMember({
      email: uniqueEmail('someone'),
      role: 'member',
      organizationId: organization.id,
    });
    const stranger = await signedUpBrowser(server);
    await markEmailVerified(server, stranger.user.id);
    const result = await stranger.client.organization.acceptInvitation({ invitationId: invited.data!.id });
    expect(result.error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' });
  });

  it('a canceled invitation can no longer be accepted (400 Invitation not found); a rejected one makes no member', async () => {
    const { owner, organization } = await ownedOrganization();
    const [canceledEmail, rejectingEmail] = [uniqueEmail('canceled'), uniqueEmail('rejecting')];
    const toCancel = await owner.client.organization.inviteMember({
      email: canceledEmail,
      role: 'member',
      organizationId: organization.id,
    });
    const toReject = await owner.client.organization.inviteMember({
      email: rejectingEmail,
      role: 'member',
      organizationId: organization.id,
    });
    expect((await owner.client.organization.cancelInvitation({ invitationId: toCancel.data!.id })).data).toMatchObject({
      status: 'canceled',
    });

    const late = await signedUpBrowser(server, { email: canceledEmail });
    await markEmailVerified(server, late.user.id);
    const refused = await late.client.organization.acceptInvitation({ invitationId: toCancel.data!.id });
    expect(refused.error).toMatchObject({ status: 400, code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' });

    const rejecting = await signedUpBrowser(server, { email: rejectingEmail });
    await markEmailVerified(server, rejecting.user.id);
    const rejected = await rejecting.client.organization.rejectInvitation({ invitationId: toReject.data!.id });
    expect(rejected.data).toMatchObject({ invitation: { status: 'rejected' }, member: null });
    expect((await owner.client.organization.getFullOrganization()).data?.members).toHaveLength(1);
  });

  it('a member may not invite (403) and has no delete permission; the owner has', async () => {
    const { owner, organization } = await ownedOrganization();
    const member = await joinedMember(owner, organization.id);
    const invite = await member.client.organization.inviteMember({ email: uniqueEmail('nope'), role: 'member' });
    expect(invite.error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    });
    const permission = { permissions: { organization: ['delete'] } };
    expect((await member.client.organization.hasPermission(permission)).data).toEqual({ error: null, success: false });
    expect((await owner.client.organization.hasPermission(permission)).data).toEqual({ error: null, success: true });
  });

  it('update-member-role changes a role; the only owner cannot leave (400); a member can', async () => {
    const { owner, organization } = await ownedOrganization();
    const member = await joinedMember(owner, organization.id);
    const updated = await owner.client.organization.updateMemberRole({ memberId: member.memberId, role: 'admin' });
    expect(updated.data).toMatchObject({ id: member.memberId, role: 'admin' });
    expect((await member.client.organization.getActiveMember()).data?.role).toBe('admin');

    const ownerLeaves = await owner.client.organization.leave({ organizationId: organization.id });
    expect(ownerLeaves.error).toMatchObject({
      status: 400,
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    });
    expect((await member.client.organization.leave({ organizationId: organization.id })).error).toBeNull();
    expect(
      (await member.client.getSession({ query: { disableCookieCache: true } })).data?.session.activeOrganizationId,
    ).toBeNull();
    expect((await owner.client.organization.getFullOrganization()).data?.members).toHaveLength(1);
  });

  it('delete removes the organization from the list and clears the active organization', async () => {
    const { owner, organization } = await ownedOrganization();
    expect((await owner.client.organization.delete({ organizationId: organization.id })).data).toMatchObject({
      id: organization.id,
    });
    expect((await owner.client.organization.list()).data).toEqual([]);
    expect(
      (await owner.client.getSession({ query: { disableCookieCache: true } })).data?.session.activeOrganizationId,
    ).toBeNull();
  });
});

describe('team routes through the typed client', () => {
  it('create, list, add a member, make it their active team, rename and remove a team', async () => {
    const { owner, organization } = await ownedOrganization('Teamed');
    const member = await joinedMember(owner, organization.id);
    const created = await owner.client.organization.createTeam({ name: 'Design' });
    expect(created.data).toMatchObject({ name: 'Design', organizationId: organization.id });
    const teamId = created.data!.id;
    // With teams on, an organization starts with a team named after it.
    expect((await owner.client.organization.listTeams()).data?.map((t) => t.name).sort()).toEqual(['Design', 'Teamed']);

    expect((await owner.client.organization.addTeamMember({ teamId, userId: member.user.id })).data).toMatchObject({
      teamId,
      userId: member.user.id,
    });
    expect((await member.client.organization.setActiveTeam({ teamId })).data).toMatchObject({ id: teamId });
    expect((await member.client.getSession({ query: { disableCookieCache: true } })).data?.session.activeTeamId).toBe(
      teamId,
    );
    expect((await member.client.organization.listTeamMembers()).data?.map((m) => m.userId)).toEqual([member.user.id]);

    expect((await owner.client.organization.updateTeam({ teamId, data: { name: 'Design Ops' } })).data).toMatchObject({
      id: teamId,
      name: 'Design Ops',
    });
    expect((await owner.client.organization.removeTeam({ teamId })).data).toEqual({
      message: 'Team removed successfully.',
    });
    expect((await owner.client.organization.listTeams()).data?.map((t) => t.name)).toEqual(['Teamed']);
  });

  it("a member may not create teams (403), the caller's active team cannot be removed (403), and the last team cannot be removed (400)", async () => {
    const { owner, organization } = await ownedOrganization('Solo');
    const member = await joinedMember(owner, organization.id);
    const refused = await member.client.organization.createTeam({ name: 'Rogue' });
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
    });
    const [only] = (await owner.client.organization.listTeams()).data!;
    // Creating the organization made its default team the creator's active team.
    expect((await owner.client.getSession({ query: { disableCookieCache: true } })).data?.session.activeTeamId).toBe(
      only!.id,
    );
    const active = await owner.client.organization.removeTeam({ teamId: only!.id });
    expect(active.error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM' });
    await owner.client.organization.setActiveTeam({ teamId: null });
    const last = await owner.client.organization.removeTeam({ teamId: only!.id });
    expect(last.error).toMatchObject({
      status: 400,
      code: 'UNABLE_TO_REMOVE_LAST_TEAM',
      message: 'Unable to remove last team',
    });
  });
});
