import { expect, it } from 'vitest';
import { organizationPlugin } from '../../src';
import { organizationDb } from '../../src/plugins/organization/tables';
import { describeEachDialect, type Harness } from '../support/harness';

type SignedUp = Awaited<ReturnType<Harness['signUp']>>;

interface Seeded {
  organizationId: string;
  owner: SignedUp;
  admin: SignedUp;
  member: SignedUp;
  outsider: SignedUp;
}

let sequence = 0;

function db(h: Harness) {
  return organizationDb(h.auth.context);
}

/** An organization made of rows (the create route is built elsewhere), with an owner, an admin and a member; each one's session has it active. */
async function seedOrganization(h: Harness): Promise<Seeded> {
  const id = `org-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
  await db(h)
    .insertInto('organization')
    .values({ id, name: id, slug: id, logo: null, metadata: null, createdAt: h.clock.now() })
    .execute();
  const [owner, admin, member, outsider] = [await h.signUp(), await h.signUp(), await h.signUp(), await h.signUp()];
  for (const [user, role] of [
    [owner, 'owner'],
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    await db(h)
      .insertInto('member')
      .values({
        id: `${id}-${role}`,
        organizationId: id,
        userId: user.user.id,
        role,
        teamId: null,
        createdAt: h.clock.now(),
      })
      .execute();
    await db(h).updateTable('session').set({ activeOrganizationId: id }).where('userId', '=', user.user.id).execute();
  }
  return { organizationId: id, owner, admin, member, outsider };
}

async function seedTeam(h: Harness, organizationId: string, name: string, userIds: string[] = []): Promise<string> {
  const id = `team-${++sequence}`;
  await db(h)
    .insertInto('team')
    .values({ id, name, organizationId, createdAt: h.clock.now(), updatedAt: h.clock.now() })
    .execute();
  for (const userId of userIds) {
    await db(h)
      .insertInto('teamMember')
      .values({ id: `${id}-${userId}`, teamId: id, userId, createdAt: h.clock.now() })
      .execute();
  }
  return id;
}

async function teamNames(h: Harness, organizationId: string): Promise<string[]> {
  const rows = await db(h)
    .selectFrom('team')
    .select('name')
    .where('organizationId', '=', organizationId)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

async function activeTeamOf(h: Harness, userId: string): Promise<(string | null)[]> {
  const rows = await db(h).selectFrom('session').select('activeTeamId').where('userId', '=', userId).execute();
  return rows.map((r) => r.activeTeamId);
}

describeEachDialect(
  'organization teams',
  (h) => {
    it('create-team lets the owner and the admin create teams and answers the team', async () => {
      const org = await seedOrganization(h());
      const byOwner = await org.owner.client.post('/organization/create-team', {
        organizationId: org.organizationId,
        name: 'Design',
      });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({
        id: expect.any(String),
        name: 'Design',
        organizationId: org.organizationId,
        createdAt: h().clock.now().toISOString(),
        updatedAt: h().clock.now().toISOString(),
      });
      // Without organizationId: the session's active organization.
      const byAdmin = await org.admin.client.post('/organization/create-team', { name: 'Sales' });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ name: 'Sales', organizationId: org.organizationId });
      expect(await teamNames(h(), org.organizationId)).toEqual(['Design', 'Sales']);
    });

    it('create-team refuses a plain member with 403, an outsider with 403 and a request without a session with 401', async () => {
      const org = await seedOrganization(h());
      const byMember = await org.member.client.post('/organization/create-team', {
        organizationId: org.organizationId,
        name: 'X',
      });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
        message: 'You are not allowed to create teams in this organization',
      });
      const byOutsider = await org.outsider.client.post('/organization/create-team', {
        organizationId: org.organizationId,
        name: 'X',
      });
      expect(byOutsider.status).toBe(403);
      expect(byOutsider.body).toEqual({
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        message: 'User is not a member of the organization',
      });
      const anonymous = await h()
        .client()
        .post('/organization/create-team', { organizationId: org.organizationId, name: 'X' });
      expect(anonymous.status).toBe(401);
      expect(await teamNames(h(), org.organizationId)).toEqual([]);
    });

    it('create-team without an organization id or an active organization answers 400 No active organization', async () => {
      const { client } = await h().signUp();
      const response = await client.post('/organization/create-team', { name: 'X' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'NO_ACTIVE_ORGANIZATION', message: 'No active organization' });
    });

    it('create-team answers 400 Team already exists for a name taken in the organization, but not for one taken elsewhere', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      await seedTeam(h(), other.organizationId, 'Design');
      expect((await org.owner.client.post('/organization/create-team', { name: 'Design' })).status).toBe(200);
      const again = await org.admin.client.post('/organization/create-team', { name: 'Design' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 'TEAM_ALREADY_EXISTS', message: 'Team already exists' });
      expect(await teamNames(h(), org.organizationId)).toEqual(['Design']);
      const empty = await org.owner.client.post('/organization/create-team', { name: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('VALIDATION_ERROR');
    });

    it('list-teams answers the organization teams to every member and 403 to an outsider', async () => {
      const org = await seedOrganization(h());
      await seedTeam(h(), org.organizationId, 'Alpha');
      await seedTeam(h(), org.organizationId, 'Beta');
      for (const who of [org.owner, org.admin, org.member]) {
        const response = await who.client.get('/organization/list-teams');
        expect(response.status).toBe(200);
        expect(response.body.map((t: { name: string }) => t.name).sort()).toEqual(['Alpha', 'Beta']);
      }
      const byOutsider = await org.outsider.client.get(`/organization/list-teams?organizationId=${org.organizationId}`);
      expect(byOutsider.status).toBe(403);
      expect(byOutsider.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      expect((await h().client().get('/organization/list-teams')).status).toBe(401);
    });

    it('update-team lets the owner and the admin rename a team, moving updatedAt, and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Old');
      h().clock.advance(60);
      const byOwner = await org.owner.client.post('/organization/update-team', { teamId, data: { name: 'New' } });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toMatchObject({ id: teamId, name: 'New', updatedAt: h().clock.now().toISOString() });
      const byAdmin = await org.admin.client.post('/organization/update-team', {
        teamId,
        data: { name: 'Newer', organizationId: org.organizationId },
      });
      expect(byAdmin.status).toBe(200);
      for (const who of [org.member, org.outsider]) {
        const refused = await who.client.post('/organization/update-team', {
          teamId,
          data: { name: 'Nope', organizationId: org.organizationId },
        });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
          message: 'You are not allowed to update this team',
        });
      }
      expect(await teamNames(h(), org.organizationId)).toEqual(['Newer']);
    });

    it('update-team answers 400 Team not found for an unknown or foreign team and 400 Team already exists for a taken name', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'One');
      await seedTeam(h(), org.organizationId, 'Two');
      const foreign = await seedTeam(h(), other.organizationId, 'Foreign');
      for (const id of ['missing', foreign]) {
        const response = await org.owner.client.post('/organization/update-team', { teamId: id, data: { name: 'X' } });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'TEAM_NOT_FOUND', message: 'Team not found' });
      }
      const clash = await org.owner.client.post('/organization/update-team', { teamId, data: { name: 'Two' } });
      expect(clash.status).toBe(400);
      expect(clash.body).toEqual({ code: 'TEAM_ALREADY_EXISTS', message: 'Team already exists' });
      expect(await teamNames(h(), org.organizationId)).toEqual(['One', 'Two']);
      expect(await teamNames(h(), other.organizationId)).toEqual(['Foreign']);
    });

    it('remove-team lets the owner and the admin remove teams, refuses a member with 403 and keeps the last team', async () => {
      const org = await seedOrganization(h());
      const [a, b, c] = [
        await seedTeam(h(), org.organizationId, 'A'),
        await seedTeam(h(), org.organizationId, 'B'),
        await seedTeam(h(), org.organizationId, 'C'),
      ];
      const byMember = await org.member.client.post('/organization/remove-team', { teamId: a });
      expect(byMember.status).toBe(403);
      expect(byMember.body.code).toBe('YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION');
      const byOwner = await org.owner.client.post('/organization/remove-team', { teamId: a });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({ message: 'Team removed successfully.' });
      expect(
        (await org.admin.client.post('/organization/remove-team', { teamId: b, organizationId: org.organizationId }))
          .status,
      ).toBe(200);
      const last = await org.owner.client.post('/organization/remove-team', { teamId: c });
      expect(last.status).toBe(400);
      expect(last.body).toEqual({ code: 'UNABLE_TO_REMOVE_LAST_TEAM', message: 'Unable to remove last team' });
      expect(await teamNames(h(), org.organizationId)).toEqual(['C']);
      const missing = await org.owner.client.post('/organization/remove-team', { teamId: 'missing' });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('TEAM_NOT_FOUND');
    });

    it('remove-team unsets the team wherever it was a session active team and drops its memberships', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Doomed', [org.admin.user.id, org.member.user.id]);
      await seedTeam(h(), org.organizationId, 'Stays');
      expect((await org.member.client.post('/organization/set-active-team', { teamId })).status).toBe(200);
      expect((await org.admin.client.post('/organization/set-active-team', { teamId })).status).toBe(200);
      const removed = await org.owner.client.post('/organization/remove-team', { teamId });
      expect(removed.status).toBe(200);
      expect(await activeTeamOf(h(), org.member.user.id)).toEqual([null]);
      expect(await activeTeamOf(h(), org.admin.user.id)).toEqual([null]);
      expect(await db(h()).selectFrom('teamMember').select('id').where('teamId', '=', teamId).execute()).toEqual([]);
    });

    it("remove-team of the caller's own active team answers 403 before the last-team rule, and removes nothing", async () => {
      const org = await seedOrganization(h());
      const only = await seedTeam(h(), org.organizationId, 'Only', [org.owner.user.id, org.member.user.id]);
      for (const who of [org.owner, org.member]) {
        expect((await who.client.post('/organization/set-active-team', { teamId: only })).status).toBe(200);
        // The owner may delete teams, the member may not: the active team is refused to both alike.
        const refused = await who.client.post('/organization/remove-team', { teamId: only });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
          message: 'You are not allowed to delete this team',
        });
      }
      expect(await teamNames(h(), org.organizationId)).toEqual(['Only']);
      expect(await activeTeamOf(h(), org.owner.user.id)).toEqual([only]);

      // Once it is no longer the caller's active team, the last-team rule answers.
      expect((await org.owner.client.post('/organization/set-active-team', { teamId: null })).status).toBe(200);
      const last = await org.owner.client.post('/organization/remove-team', { teamId: only });
      expect(last.status).toBe(400);
      expect(last.body).toEqual({ code: 'UNABLE_TO_REMOVE_LAST_TEAM', message: 'Unable to remove last team' });
      expect(await teamNames(h(), org.organizationId)).toEqual(['Only']);
    });

    it('set-active-team sets a team of the caller at once in get-session, and null clears it', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Mine', [org.member.user.id]);
      const set = await org.member.client.post('/organization/set-active-team', { teamId });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: teamId, name: 'Mine', organizationId: org.organizationId });
      expect(await activeTeamOf(h(), org.member.user.id)).toEqual([teamId]);
      expect((await org.member.client.get('/get-session')).body.session.activeTeamId).toBe(teamId);
      // No teamId: the active team is answered again.
      expect((await org.member.client.post('/organization/set-active-team', {})).body).toMatchObject({ id: teamId });
      const cleared = await org.member.client.post('/organization/set-active-team', { teamId: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toBeNull();
      expect(await activeTeamOf(h(), org.member.user.id)).toEqual([null]);
      expect((await org.member.client.get('/get-session')).body.session.activeTeamId).toBeNull();
    });

    it('set-active-team refuses a team the caller is not in with 403, even the owner, and an unknown team with 400', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Closed', [org.member.user.id]);
      for (const who of [org.owner, org.admin, org.outsider]) {
        const response = await who.client.post('/organization/set-active-team', { teamId });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
          message: 'User is not a member of the team',
        });
        expect(await activeTeamOf(h(), who.user.id)).toEqual([null]);
      }
      const unknown = await org.member.client.post('/organization/set-active-team', { teamId: 'missing' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('TEAM_NOT_FOUND');
      expect((await h().client().post('/organization/set-active-team', { teamId })).status).toBe(401);
    });

    it('list-user-teams answers the teams the caller belongs to, across organizations', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const first = await seedTeam(h(), org.organizationId, 'First', [org.member.user.id]);
      await seedTeam(h(), org.organizationId, 'NotMine', [org.owner.user.id]);
      await db(h())
        .insertInto('member')
        .values({
          id: `${other.organizationId}-extra`,
          organizationId: other.organizationId,
          userId: org.member.user.id,
          role: 'member',
          teamId: null,
          createdAt: h().clock.now(),
        })
        .execute();
      const second = await seedTeam(h(), other.organizationId, 'Second', [org.member.user.id]);
      const response = await org.member.client.get('/organization/list-user-teams');
      expect(response.status).toBe(200);
      expect(response.body.map((t: { id: string }) => t.id).sort()).toEqual([first, second].sort());
      expect((await org.outsider.client.get('/organization/list-user-teams')).body).toEqual([]);
    });

    it('list-team-members answers the rows to members of the team and 403 to anyone outside it, the owner included', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Crew', [org.member.user.id, org.admin.user.id]);
      const response = await org.member.client.get(`/organization/list-team-members?teamId=${teamId}`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(2);
      expect(response.body[0]).toEqual({
        id: expect.any(String),
        teamId,
        userId: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(response.body.map((m: { userId: string }) => m.userId).sort()).toEqual(
        [org.member.user.id, org.admin.user.id].sort(),
      );
      expect((await org.admin.client.get(`/organization/list-team-members?teamId=${teamId}`)).status).toBe(200);
      const byOwner = await org.owner.client.get(`/organization/list-team-members?teamId=${teamId}`);
      expect(byOwner.status).toBe(403);
      expect(byOwner.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    });

    it('list-team-members without a teamId lists the active team, or answers 400 when there is none', async () => {
      const org = await seedOrganization(h());
      const none = await org.member.client.get('/organization/list-team-members');
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ code: 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM', message: 'You do not have an active team' });
      const teamId = await seedTeam(h(), org.organizationId, 'Crew', [org.member.user.id]);
      await org.member.client.post('/organization/set-active-team', { teamId });
      const listed = await org.member.client.get('/organization/list-team-members');
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject([{ teamId, userId: org.member.user.id }]);
    });

    it('add-team-member lets the owner and the admin add organization members to a team, once, and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Crew');
      const byOwner = await org.owner.client.post('/organization/add-team-member', {
        teamId,
        userId: org.member.user.id,
      });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({
        id: expect.any(String),
        teamId,
        userId: org.member.user.id,
        createdAt: h().clock.now().toISOString(),
      });
      const again = await org.admin.client.post('/organization/add-team-member', {
        teamId,
        userId: org.member.user.id,
      });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(byOwner.body.id);
      expect(
        (await org.admin.client.post('/organization/add-team-member', { teamId, userId: org.admin.user.id })).status,
      ).toBe(200);
      const byMember = await org.member.client.post('/organization/add-team-member', {
        teamId,
        userId: org.owner.user.id,
      });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_MEMBER',
        message: 'You are not allowed to create a new member',
      });
      const rows = await db(h()).selectFrom('teamMember').select('userId').where('teamId', '=', teamId).execute();
      expect(rows.map((r) => r.userId).sort()).toEqual([org.member.user.id, org.admin.user.id].sort());
    });

    it('add-team-member refuses a user outside the organization with 403 and a foreign team with 400', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Crew');
      const outsider = await org.owner.client.post('/organization/add-team-member', {
        teamId,
        userId: org.outsider.user.id,
      });
      expect(outsider.status).toBe(403);
      expect(outsider.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      const foreign = await seedTeam(h(), other.organizationId, 'Foreign');
      const response = await org.owner.client.post('/organization/add-team-member', {
        teamId: foreign,
        userId: org.member.user.id,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('TEAM_NOT_FOUND');
      expect(
        await db(h()).selectFrom('teamMember').select('id').where('teamId', 'in', [teamId, foreign]).execute(),
      ).toEqual([]);
    });

    it('remove-team-member lets the owner and the admin take members out of a team and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Crew', [
        org.member.user.id,
        org.admin.user.id,
        org.owner.user.id,
      ]);
      const byMember = await org.member.client.post('/organization/remove-team-member', {
        teamId,
        userId: org.admin.user.id,
      });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
        message: 'You are not allowed to remove a team member',
      });
      const byOwner = await org.owner.client.post('/organization/remove-team-member', {
        teamId,
        userId: org.member.user.id,
      });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({ message: 'Team member removed successfully.' });
      expect(
        (await org.admin.client.post('/organization/remove-team-member', { teamId, userId: org.owner.user.id })).status,
      ).toBe(200);
      const notInTeam = await org.admin.client.post('/organization/remove-team-member', {
        teamId,
        userId: org.member.user.id,
      });
      expect(notInTeam.status).toBe(403);
      expect(notInTeam.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
      const rows = await db(h()).selectFrom('teamMember').select('userId').where('teamId', '=', teamId).execute();
      expect(rows.map((r) => r.userId)).toEqual([org.admin.user.id]);
      // Still a member of the organization.
      expect(
        await db(h()).selectFrom('member').select('id').where('userId', '=', org.member.user.id).execute(),
      ).toHaveLength(1);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
);

describeEachDialect(
  'organization teams with a team limit and removable last team',
  (h) => {
    it('create-team answers 400 at maximumTeams and creates no team', async () => {
      const org = await seedOrganization(h());
      expect((await org.owner.client.post('/organization/create-team', { name: 'One' })).status).toBe(200);
      expect((await org.admin.client.post('/organization/create-team', { name: 'Two' })).status).toBe(200);
      const third = await org.owner.client.post('/organization/create-team', { name: 'Three' });
      expect(third.status).toBe(400);
      expect(third.body).toEqual({
        code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
        message: 'You have reached the maximum number of teams',
      });
      expect(await teamNames(h(), org.organizationId)).toEqual(['One', 'Two']);
    });

    it('remove-team removes the last team when allowRemovingAllTeams is set', async () => {
      const org = await seedOrganization(h());
      const teamId = await seedTeam(h(), org.organizationId, 'Only');
      const response = await org.owner.client.post('/organization/remove-team', { teamId });
      expect(response.status).toBe(200);
      expect(await teamNames(h(), org.organizationId)).toEqual([]);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true, maximumTeams: 2, allowRemovingAllTeams: true } })] },
);
