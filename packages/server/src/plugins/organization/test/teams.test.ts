import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '..';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { db, insertMember, insertOrganization, insertTeam, setActiveOrganizationRow } from './rows';

type SignedUp = Awaited<ReturnType<Harness['signUp']>>;

interface Seeded {
  organizationId: string;
  owner: SignedUp;
  admin: SignedUp;
  member: SignedUp;
  outsider: SignedUp;
}

/** An organization made of rows (the create route is built elsewhere), with an owner, an admin and a member; each one's session has it active. */
async function seedOrganization(h: Harness): Promise<Seeded> {
  const id = await insertOrganization(h);
  const [owner, admin, member, outsider] = [await h.signUp(), await h.signUp(), await h.signUp(), await h.signUp()];
  for (const [user, role] of [
    [owner, 'owner'],
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    await insertMember(h, id, user.user.id, role);
    await setActiveOrganizationRow(h, user.user.id, id);
  }
  return { organizationId: id, owner, admin, member, outsider };
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

async function teamMemberIds(h: Harness, teamId: string): Promise<string[]> {
  const rows = await db(h).selectFrom('teamMember').select('userId').where('teamId', '=', teamId).execute();
  return rows.map((r) => r.userId);
}

/** add-team-member or remove-team-member, by `by`, of `user` in the team. */
function changeTeamMember(change: 'add' | 'remove', by: SignedUp, teamId: string, user: SignedUp) {
  return by.client.post(`/organization/${change}-team-member`, { teamId, userId: user.user.id });
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
      const body = { organizationId: org.organizationId, name: 'X' };
      await expectError(
        org.member.client.post('/organization/create-team', body),
        ORGANIZATION_ERRORS.notAllowedToCreateTeams,
      );
      await expectError(org.outsider.client.post('/organization/create-team', body), ORGANIZATION_ERRORS.notAMember);
      expect((await h().client().post('/organization/create-team', body)).status).toBe(401);
      expect(await teamNames(h(), org.organizationId)).toEqual([]);
    });

    it('create-team without an organization id or an active organization answers 400 No active organization', async () => {
      const { client } = await h().signUp();
      await expectError(
        client.post('/organization/create-team', { name: 'X' }),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
    });

    it('create-team answers 400 Team already exists for a name taken in the organization, but not for one taken elsewhere', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      await insertTeam(h(), other.organizationId, 'Design');
      expect((await org.owner.client.post('/organization/create-team', { name: 'Design' })).status).toBe(200);
      const again = org.admin.client.post('/organization/create-team', { name: 'Design' });
      await expectError(again, ORGANIZATION_ERRORS.teamAlreadyExists);
      expect(await teamNames(h(), org.organizationId)).toEqual(['Design']);
      await expectError(org.owner.client.post('/organization/create-team', { name: '' }), 400, 'VALIDATION_ERROR');
    });

    it('list-teams answers the organization teams to every member and 403 to an outsider', async () => {
      const org = await seedOrganization(h());
      await insertTeam(h(), org.organizationId, 'Alpha');
      await insertTeam(h(), org.organizationId, 'Beta');
      for (const who of [org.owner, org.admin, org.member]) {
        const response = await who.client.get('/organization/list-teams');
        expect(response.status).toBe(200);
        expect(response.body.map((t: { name: string }) => t.name).sort()).toEqual(['Alpha', 'Beta']);
      }
      const byOutsider = org.outsider.client.get(`/organization/list-teams?organizationId=${org.organizationId}`);
      await expectError(byOutsider, ORGANIZATION_ERRORS.notAMember);
      expect((await h().client().get('/organization/list-teams')).status).toBe(401);
    });

    it('update-team lets the owner and the admin rename a team, moving updatedAt, and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Old');
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
        const refused = who.client.post('/organization/update-team', {
          teamId,
          data: { name: 'Nope', organizationId: org.organizationId },
        });
        await expectError(refused, ORGANIZATION_ERRORS.notAllowedToUpdateTeams);
      }
      expect(await teamNames(h(), org.organizationId)).toEqual(['Newer']);
    });

    it('update-team answers 400 Team not found for an unknown or foreign team and 400 Team already exists for a taken name', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'One');
      await insertTeam(h(), org.organizationId, 'Two');
      const foreign = await insertTeam(h(), other.organizationId, 'Foreign');
      for (const id of ['missing', foreign]) {
        const response = org.owner.client.post('/organization/update-team', { teamId: id, data: { name: 'X' } });
        await expectError(response, ORGANIZATION_ERRORS.teamNotFound);
      }
      const clash = org.owner.client.post('/organization/update-team', { teamId, data: { name: 'Two' } });
      await expectError(clash, ORGANIZATION_ERRORS.teamAlreadyExists);
      expect(await teamNames(h(), org.organizationId)).toEqual(['One', 'Two']);
      expect(await teamNames(h(), other.organizationId)).toEqual(['Foreign']);
    });

    it('remove-team lets the owner and the admin remove teams, refuses a member with 403 and keeps the last team', async () => {
      const org = await seedOrganization(h());
      const [a, b, c] = [
        await insertTeam(h(), org.organizationId, 'A'),
        await insertTeam(h(), org.organizationId, 'B'),
        await insertTeam(h(), org.organizationId, 'C'),
      ];
      const byMember = org.member.client.post('/organization/remove-team', { teamId: a });
      await expectError(byMember, ORGANIZATION_ERRORS.notAllowedToDeleteTeams);
      const byOwner = await org.owner.client.post('/organization/remove-team', { teamId: a });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({ message: 'Team removed successfully.' });
      expect(
        (await org.admin.client.post('/organization/remove-team', { teamId: b, organizationId: org.organizationId }))
          .status,
      ).toBe(200);
      const last = org.owner.client.post('/organization/remove-team', { teamId: c });
      await expectError(last, ORGANIZATION_ERRORS.unableToRemoveLastTeam);
      expect(await teamNames(h(), org.organizationId)).toEqual(['C']);
      const missing = org.owner.client.post('/organization/remove-team', { teamId: 'missing' });
      await expectError(missing, ORGANIZATION_ERRORS.teamNotFound);
    });

    it('remove-team unsets the team wherever it was a session active team and drops its memberships', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Doomed', [org.admin.user.id, org.member.user.id]);
      await insertTeam(h(), org.organizationId, 'Stays');
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
      const only = await insertTeam(h(), org.organizationId, 'Only', [org.owner.user.id, org.member.user.id]);
      for (const who of [org.owner, org.member]) {
        expect((await who.client.post('/organization/set-active-team', { teamId: only })).status).toBe(200);
        // The owner may delete teams, the member may not: the active team is refused to both alike.
        const refused = who.client.post('/organization/remove-team', { teamId: only });
        await expectError(refused, ORGANIZATION_ERRORS.notAllowedToDeleteTeam);
      }
      expect(await teamNames(h(), org.organizationId)).toEqual(['Only']);
      expect(await activeTeamOf(h(), org.owner.user.id)).toEqual([only]);

      // Once it is no longer the caller's active team, the last-team rule answers.
      expect((await org.owner.client.post('/organization/set-active-team', { teamId: null })).status).toBe(200);
      const last = org.owner.client.post('/organization/remove-team', { teamId: only });
      await expectError(last, ORGANIZATION_ERRORS.unableToRemoveLastTeam);
      expect(await teamNames(h(), org.organizationId)).toEqual(['Only']);
    });

    it('set-active-team sets a team of the caller at once in get-session, and null clears it', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Mine', [org.member.user.id]);
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
      const teamId = await insertTeam(h(), org.organizationId, 'Closed', [org.member.user.id]);
      for (const who of [org.owner, org.admin, org.outsider]) {
        await expectError(
          who.client.post('/organization/set-active-team', { teamId }),
          ORGANIZATION_ERRORS.notATeamMember,
        );
        expect(await activeTeamOf(h(), who.user.id)).toEqual([null]);
      }
      const unknown = org.member.client.post('/organization/set-active-team', { teamId: 'missing' });
      await expectError(unknown, ORGANIZATION_ERRORS.teamNotFound);
      expect((await h().client().post('/organization/set-active-team', { teamId })).status).toBe(401);
    });

    it('list-user-teams answers the teams the caller belongs to, across organizations', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const first = await insertTeam(h(), org.organizationId, 'First', [org.member.user.id]);
      await insertTeam(h(), org.organizationId, 'NotMine', [org.owner.user.id]);
      await insertMember(h(), other.organizationId, org.member.user.id, 'member');
      const second = await insertTeam(h(), other.organizationId, 'Second', [org.member.user.id]);
      const response = await org.member.client.get('/organization/list-user-teams');
      expect(response.status).toBe(200);
      expect(response.body.map((t: { id: string }) => t.id).sort()).toEqual([first, second].sort());
      expect((await org.outsider.client.get('/organization/list-user-teams')).body).toEqual([]);
    });

    it('list-team-members answers the rows to members of the team and to those who may change them (owner, admin), 403 to anyone else', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Crew', [org.member.user.id, org.admin.user.id]);
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
      // The owner is outside the team but may add and remove its members: they may see them too.
      const byOwner = await org.owner.client.get(`/organization/list-team-members?teamId=${teamId}`);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual(response.body);

      // A plain member outside the team, and someone outside the organization, are refused alike.
      const other = await insertTeam(h(), org.organizationId, 'Others', [org.admin.user.id]);
      const byMember = org.member.client.get(`/organization/list-team-members?teamId=${other}`);
      await expectError(byMember, ORGANIZATION_ERRORS.notATeamMember);
      const byOutsider = org.outsider.client.get(`/organization/list-team-members?teamId=${other}`);
      await expectError(byOutsider, ORGANIZATION_ERRORS.notATeamMember);
      const unknown = org.owner.client.get('/organization/list-team-members?teamId=no-such-team');
      await expectError(unknown, ORGANIZATION_ERRORS.notATeamMember);
    });

    it('list-team-members without a teamId lists the active team, or answers 400 when there is none', async () => {
      const org = await seedOrganization(h());
      await expectError(org.member.client.get('/organization/list-team-members'), ORGANIZATION_ERRORS.noActiveTeam);
      const teamId = await insertTeam(h(), org.organizationId, 'Crew', [org.member.user.id]);
      await org.member.client.post('/organization/set-active-team', { teamId });
      const listed = await org.member.client.get('/organization/list-team-members');
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject([{ teamId, userId: org.member.user.id }]);
    });

    it('add-team-member lets the owner and the admin add organization members to a team, once, and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Crew');
      const byOwner = await changeTeamMember('add', org.owner, teamId, org.member);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({
        id: expect.any(String),
        teamId,
        userId: org.member.user.id,
        createdAt: h().clock.now().toISOString(),
      });
      const again = await changeTeamMember('add', org.admin, teamId, org.member);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(byOwner.body.id);
      expect((await changeTeamMember('add', org.admin, teamId, org.admin)).status).toBe(200);
      const byMember = changeTeamMember('add', org.member, teamId, org.owner);
      await expectError(byMember, ORGANIZATION_ERRORS.notAllowedToCreateTeamMember);
      expect((await teamMemberIds(h(), teamId)).sort()).toEqual([org.member.user.id, org.admin.user.id].sort());
    });

    it('add-team-member refuses a user outside the organization with 403 and a foreign team with 400', async () => {
      const org = await seedOrganization(h());
      const other = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Crew');
      await expectError(changeTeamMember('add', org.owner, teamId, org.outsider), ORGANIZATION_ERRORS.notAMember);
      const foreign = await insertTeam(h(), other.organizationId, 'Foreign');
      await expectError(changeTeamMember('add', org.owner, foreign, org.member), ORGANIZATION_ERRORS.teamNotFound);
      expect(
        await db(h()).selectFrom('teamMember').select('id').where('teamId', 'in', [teamId, foreign]).execute(),
      ).toEqual([]);
    });

    it('remove-team-member lets the owner and the admin take members out of a team and refuses a member with 403', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Crew', [
        org.member.user.id,
        org.admin.user.id,
        org.owner.user.id,
      ]);
      const byMember = changeTeamMember('remove', org.member, teamId, org.admin);
      await expectError(byMember, ORGANIZATION_ERRORS.notAllowedToRemoveTeamMember);
      const byOwner = await changeTeamMember('remove', org.owner, teamId, org.member);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({ message: 'Team member removed successfully.' });
      expect((await changeTeamMember('remove', org.admin, teamId, org.owner)).status).toBe(200);
      const notInTeam = changeTeamMember('remove', org.admin, teamId, org.member);
      await expectError(notInTeam, ORGANIZATION_ERRORS.notATeamMember);
      expect(await teamMemberIds(h(), teamId)).toEqual([org.admin.user.id]);
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
      const third = org.owner.client.post('/organization/create-team', { name: 'Three' });
      await expectError(third, ORGANIZATION_ERRORS.teamLimitReached);
      expect(await teamNames(h(), org.organizationId)).toEqual(['One', 'Two']);
    });

    it('remove-team removes the last team when allowRemovingAllTeams is set', async () => {
      const org = await seedOrganization(h());
      const teamId = await insertTeam(h(), org.organizationId, 'Only');
      const response = await org.owner.client.post('/organization/remove-team', { teamId });
      expect(response.status).toBe(200);
      expect(await teamNames(h(), org.organizationId)).toEqual([]);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true, maximumTeams: 2, allowRemovingAllTeams: true } })] },
);
