import { expect, it } from 'vitest';
import { expectError } from '../../../../test/expect-error';
import { organizationPlugin } from '../../src';
import { randomString } from '../../src/plugin-api';
import { DEFAULT_ORGANIZATION_ROLES } from '../../src/plugins/organization/access-control';
import { ORGANIZATION_ERRORS } from '../../src/plugins/organization/errors';
import { organizationDb } from '../../src/plugins/organization/tables';
import { describeEachDialect, type TestClient } from '../support/harness';

const MEMBERSHIP_LIMIT = 5;

/** Two extra roles with disjoint grants, so a member holding both shows the union. */
const ROLES = {
  ...DEFAULT_ORGANIZATION_ROLES,
  inviter: { invitation: ['create'] },
  canceller: { invitation: ['cancel'] },
};

type Api = Record<string, (input: { body?: unknown; headers?: HeadersInit }) => Promise<any>>;

interface Seat {
  client: TestClient;
  user: { id: string; email: string; name: string };
  memberId: string;
}

describeEachDialect(
  'organization members',
  (h) => {
    const db = () => organizationDb(h().auth.context);
    const api = () => h().auth.api as unknown as Api;

    /** An organization made by inserting rows (the create route is built elsewhere), one signed-in user per role. */
    async function organizationWith<K extends string>(
      roles: Record<K, string>,
    ): Promise<{ id: string; seats: Record<K, Seat> }> {
      const id = randomString(24);
      await db()
        .insertInto('organization')
        .values({
          id,
          name: 'Acme',
          slug: `acme-${id.toLowerCase()}`,
          logo: null,
          metadata: null,
          createdAt: h().clock.now(),
        })
        .execute();
      const seats = {} as Record<K, Seat>;
      for (const [label, role] of Object.entries(roles) as [K, string][]) {
        const { client, user } = await h().signUp();
        const memberId = randomString(24);
        await db()
          .insertInto('member')
          .values({ id: memberId, organizationId: id, userId: user.id, role, teamId: null, createdAt: h().clock.now() })
          .execute();
        await activate(client, user.id, id);
        seats[label] = { client, user, memberId };
      }
      return { id, seats };
    }

    /** Makes the organization active on the user's sessions, and refreshes the client's cookie cache. */
    async function activate(client: TestClient, userId: string, organizationId: string | null) {
      await db()
        .updateTable('session')
        .set({ activeOrganizationId: organizationId })
        .where('userId', '=', userId)
        .execute();
      await client.get('/get-session?disableCookieCache=true');
    }

    async function memberRow(organizationId: string, userId: string) {
      return db()
        .selectFrom('member')
        .selectAll()
        .where('organizationId', '=', organizationId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    }

    async function activeOrganizationsOf(userId: string) {
      const rows = await db()
        .selectFrom('session')
        .select('activeOrganizationId')
        .where('userId', '=', userId)
        .execute();
      return rows.map((r) => r.activeOrganizationId);
    }

    // add-member

    it('add-member through auth.api stores several roles comma-joined and answers the member row', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      const member = await api().addMember!({
        body: { userId: user.id, role: ['admin', 'member'], organizationId: org.id },
      });
      expect(member).toMatchObject({ organizationId: org.id, userId: user.id, role: 'admin,member' });
      expect(await memberRow(org.id, user.id)).toMatchObject({ id: member.id, role: 'admin,member' });
    });

    it('add-member is not reachable over HTTP, even for an owner', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      const response = await org.seats.owner.client.post('/organization/add-member', {
        userId: user.id,
        role: 'member',
        organizationId: org.id,
      });
      expect(response.status).toBe(404);
      expect(await memberRow(org.id, user.id)).toBeUndefined();
    });

    it('add-member with a role outside the table answers 400 Role not found and adds nobody', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      await expectError(
        api().addMember!({ body: { userId: user.id, role: ['member', 'superuser'], organizationId: org.id } }),
        ORGANIZATION_ERRORS.roleNotFound,
      );
      expect(await memberRow(org.id, user.id)).toBeUndefined();
    });

    it('add-member of an existing member answers 400 already a member', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      await expectError(
        api().addMember!({ body: { userId: org.seats.member.user.id, role: 'admin', organizationId: org.id } }),
        ORGANIZATION_ERRORS.alreadyAMember,
      );
      expect(await memberRow(org.id, org.seats.member.user.id)).toMatchObject({ role: 'member' });
    });

    it('add-member at the membership limit answers 403 Organization membership limit reached', async () => {
      const org = await organizationWith({ a: 'owner', b: 'member', c: 'member', d: 'member' });
      const fifth = await h().signUp();
      await api().addMember!({ body: { userId: fifth.user.id, role: 'member', organizationId: org.id } });
      const sixth = await h().signUp();
      await expectError(
        api().addMember!({ body: { userId: sixth.user.id, role: 'member', organizationId: org.id } }),
        ORGANIZATION_ERRORS.membershipLimitReached,
      );
      const count = await db().selectFrom('member').select('id').where('organizationId', '=', org.id).execute();
      expect(count).toHaveLength(MEMBERSHIP_LIMIT);
    });

    it('add-member without an organization id uses the active organization of the session in the given headers', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      await api().addMember!({
        body: { userId: user.id, role: 'member' },
        headers: { cookie: org.seats.owner.client.cookieHeader },
      });
      expect(await memberRow(org.id, user.id)).toMatchObject({ role: 'member' });
      await expectError(
        api().addMember!({ body: { userId: user.id, role: 'member' } }),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
    });

    it('add-member with a team id also seats the user in that team', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const teamId = randomString(24);
      await db()
        .insertInto('team')
        .values({ id: teamId, name: 'Core', organizationId: org.id, createdAt: h().clock.now(), updatedAt: null })
        .execute();
      const { user } = await h().signUp();
      await api().addMember!({ body: { userId: user.id, role: 'member', organizationId: org.id, teamId } });
      const seats = await db().selectFrom('teamMember').select('teamId').where('userId', '=', user.id).execute();
      expect(seats).toEqual([{ teamId }]);
    });

    // remove-member

    it('remove-member by an owner removes an admin and clears the organization from the admin’s sessions', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin' });
      const response = await org.seats.owner.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.admin.memberId,
      });
      expect(response.status).toBe(200);
      expect(response.body.member).toMatchObject({
        id: org.seats.admin.memberId,
        userId: org.seats.admin.user.id,
        role: 'admin',
      });
      expect(await memberRow(org.id, org.seats.admin.user.id)).toBeUndefined();
      expect(await activeOrganizationsOf(org.seats.admin.user.id)).toEqual([null]);
      expect(await activeOrganizationsOf(org.seats.owner.user.id)).toEqual([org.id]);
    });

    it('remove-member by an admin removes a member named by e-mail', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await org.seats.admin.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.member.user.email.toUpperCase(),
        organizationId: org.id,
      });
      expect(response.status).toBe(200);
      expect(await memberRow(org.id, org.seats.member.user.id)).toBeUndefined();
    });

    it('remove-member by a plain member answers 403 and removes nobody', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member', other: 'member' });
      const response = await org.seats.member.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.other.memberId,
      });
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToDeleteMember);
      expect(await memberRow(org.id, org.seats.other.user.id)).toBeDefined();
    });

    it('remove-member of an owner by an admin answers 403', async () => {
      const org = await organizationWith({ owner: 'owner', second: 'owner', admin: 'admin' });
      const response = await org.seats.admin.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.owner.memberId,
      });
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToDeleteMember);
      expect(await memberRow(org.id, org.seats.owner.user.id)).toBeDefined();
    });

    it('remove-member of the only owner answers 400, and an owner may remove another owner', async () => {
      const org = await organizationWith({ owner: 'owner', second: 'admin,owner' });
      const removed = await org.seats.owner.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.second.memberId,
      });
      expect(removed.status).toBe(200);
      const response = await org.seats.owner.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.owner.memberId,
      });
      await expectError(response, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner);
      expect(await memberRow(org.id, org.seats.owner.user.id)).toBeDefined();
    });

    it('remove-member of an unknown member, a non-member caller and no session answer 400, 403 and 401', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const other = await organizationWith({ owner: 'owner' });
      await expectError(
        await org.seats.owner.client.post('/organization/remove-member', { memberIdOrEmail: 'nobody' }),
        ORGANIZATION_ERRORS.memberNotFound,
      );
      // A member id of another organization is not found in this one.
      await expectError(
        await org.seats.owner.client.post('/organization/remove-member', {
          memberIdOrEmail: other.seats.owner.memberId,
        }),
        ORGANIZATION_ERRORS.memberNotFound,
      );
      await expectError(
        await other.seats.owner.client.post('/organization/remove-member', {
          memberIdOrEmail: org.seats.owner.memberId,
          organizationId: org.id,
        }),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect(
        (
          await h()
            .client()
            .post('/organization/remove-member', { memberIdOrEmail: org.seats.owner.memberId, organizationId: org.id })
        ).status,
      ).toBe(401);
    });

    // update-member-role

    it('update-member-role by an owner makes a member an admin and an admin an owner', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await org.seats.owner.client.post('/organization/update-member-role', {
        memberId: org.seats.member.memberId,
        role: 'admin',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: org.seats.member.memberId,
        role: 'admin',
        user: { email: org.seats.member.user.email },
      });
      expect(await memberRow(org.id, org.seats.member.user.id)).toMatchObject({ role: 'admin' });
      const promoted = await org.seats.owner.client.post('/organization/update-member-role', {
        memberId: org.seats.admin.memberId,
        role: ['owner'],
      });
      expect(promoted.status).toBe(200);
      expect(await memberRow(org.id, org.seats.admin.user.id)).toMatchObject({ role: 'owner' });
    });

    it('update-member-role by an admin gives a member several roles, but not the owner role', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await org.seats.admin.client.post('/organization/update-member-role', {
        memberId: org.seats.member.memberId,
        role: ['member', 'inviter'],
      });
      expect(response.status).toBe(200);
      expect(await memberRow(org.id, org.seats.member.user.id)).toMatchObject({ role: 'member,inviter' });
      const owner = await org.seats.admin.client.post('/organization/update-member-role', {
        memberId: org.seats.member.memberId,
        role: 'owner',
      });
      await expectError(owner, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      const demote = await org.seats.admin.client.post('/organization/update-member-role', {
        memberId: org.seats.owner.memberId,
        role: 'member',
      });
      await expectError(demote, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      expect(await memberRow(org.id, org.seats.owner.user.id)).toMatchObject({ role: 'owner' });
    });

    it('update-member-role by a plain member answers 403', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      const response = await org.seats.member.client.post('/organization/update-member-role', {
        memberId: org.seats.member.memberId,
        role: 'admin',
      });
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      expect(await memberRow(org.id, org.seats.member.user.id)).toMatchObject({ role: 'member' });
    });

    it('update-member-role refuses an unknown role, an unknown member, and the only owner demoting themself with 400 cannot leave without an owner', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      const { client } = org.seats.owner;
      await expectError(
        await client.post('/organization/update-member-role', { memberId: org.seats.member.memberId, role: 'root' }),
        ORGANIZATION_ERRORS.roleNotFound,
      );
      await expectError(
        await client.post('/organization/update-member-role', { memberId: 'nobody', role: 'admin' }),
        ORGANIZATION_ERRORS.memberNotFound,
      );
      const demoted = await client.post('/organization/update-member-role', {
        memberId: org.seats.owner.memberId,
        role: 'admin',
      });
      // better-auth's entry for a role change; leave and remove-member keep "as the only owner".
      expect(demoted.status).toBe(400);
      expect(demoted.body).toMatchObject({
        code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
        message: 'You cannot leave the organization without an owner',
      });
      expect(await memberRow(org.id, org.seats.owner.user.id)).toMatchObject({ role: 'owner' });
      expect(
        (
          await h().client().post('/organization/update-member-role', {
            memberId: org.seats.member.memberId,
            role: 'admin',
            organizationId: org.id,
          })
        ).status,
      ).toBe(401);
    });

    // leave

    it('leave removes the member, answers the member with its user and clears the active organization at once', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin' });
      const { client, user } = org.seats.admin;
      const response = await client.post('/organization/leave', { organizationId: org.id });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: org.seats.admin.memberId,
        role: 'admin',
        user: { id: user.id, email: user.email },
      });
      expect(await memberRow(org.id, user.id)).toBeUndefined();
      expect(await activeOrganizationsOf(user.id)).toEqual([null]);
      // From the cookie cache, rewritten by the route.
      expect((await client.get('/get-session')).body.session.activeOrganizationId).toBeNull();
    });

    it('leave by a plain member succeeds; by a non-member answers 403; by the only owner 400', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      expect((await org.seats.member.client.post('/organization/leave', { organizationId: org.id })).status).toBe(200);
      await expectError(
        await org.seats.member.client.post('/organization/leave', { organizationId: org.id }),
        ORGANIZATION_ERRORS.notAMember,
      );
      await expectError(
        await org.seats.owner.client.post('/organization/leave', { organizationId: org.id }),
        ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner,
      );
      expect(await memberRow(org.id, org.seats.owner.user.id)).toBeDefined();
      expect((await h().client().post('/organization/leave', { organizationId: org.id })).status).toBe(401);
    });

    // get-active-member, get-active-member-role

    it('get-active-member answers the caller’s member row with its user for owner, admin and member', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      for (const [label, seat] of Object.entries(org.seats)) {
        const response = await seat.client.get('/organization/get-active-member');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          id: seat.memberId,
          organizationId: org.id,
          role: label,
          user: { id: seat.user.id, email: seat.user.email, name: seat.user.name },
        });
        const role = await seat.client.get('/organization/get-active-member-role');
        expect(role.body).toEqual({ role: label });
      }
    });

    it('get-active-member without an active organization answers 400 No active organization', async () => {
      const org = await organizationWith({ owner: 'owner' });
      await activate(org.seats.owner.client, org.seats.owner.user.id, null);
      await expectError(
        await org.seats.owner.client.get('/organization/get-active-member'),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
      await expectError(
        await org.seats.owner.client.get('/organization/get-active-member-role'),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
      expect((await h().client().get('/organization/get-active-member')).status).toBe(401);
    });

    it('get-active-member-role of another member answers that member’s roles, for members only', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member,inviter' });
      const other = await organizationWith({ owner: 'owner' });
      const response = await org.seats.owner.client.get(
        `/organization/get-active-member-role?userId=${org.seats.member.user.id}`,
      );
      expect(response.body).toEqual({ role: 'member,inviter' });
      await expectError(
        await other.seats.owner.client.get(`/organization/get-active-member-role?organizationId=${org.id}`),
        ORGANIZATION_ERRORS.notAMember,
      );
    });

    // list-members

    it('list-members answers members with their users and the total, paged, to every member', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      for (const seat of Object.values(org.seats)) {
        const response = await seat.client.get('/organization/list-members');
        expect(response.status).toBe(200);
        expect(response.body.total).toBe(3);
        expect(response.body.members.map((m: any) => m.user.email).sort()).toEqual(
          Object.values(org.seats)
            .map((s) => s.user.email)
            .sort(),
        );
      }
      const page = await org.seats.member.client.get(
        `/organization/list-members?organizationId=${org.id}&limit=2&offset=2`,
      );
      expect(page.body.total).toBe(3);
      expect(page.body.members).toHaveLength(1);
    });

    it('list-members of an organization the caller is not in answers 403', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const outsider = await h().signUp();
      await expectError(
        await outsider.client.get(`/organization/list-members?organizationId=${org.id}`),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect((await h().client().get(`/organization/list-members?organizationId=${org.id}`)).status).toBe(401);
    });

    // has-permission

    it('has-permission answers each role’s grants: owner deletes, admin updates, member neither', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const ask = (seat: Seat, actions: string[]) =>
        seat.client.post('/organization/has-permission', { permissions: { organization: actions } });
      expect((await ask(org.seats.owner, ['update', 'delete'])).body).toEqual({ error: null, success: true });
      expect((await ask(org.seats.admin, ['update'])).body).toEqual({ error: null, success: true });
      expect((await ask(org.seats.admin, ['update', 'delete'])).body).toEqual({ error: null, success: false });
      expect((await ask(org.seats.member, ['update'])).body).toEqual({ error: null, success: false });
    });

    it('has-permission for a member with several roles grants the union of their permissions', async () => {
      const org = await organizationWith({ owner: 'owner', both: 'inviter,canceller', one: 'inviter' });
      const body = { permission: { invitation: ['create', 'cancel'] }, organizationId: org.id };
      expect((await org.seats.both.client.post('/organization/has-permission', body)).body).toEqual({
        error: null,
        success: true,
      });
      expect((await org.seats.one.client.post('/organization/has-permission', body)).body).toEqual({
        error: null,
        success: false,
      });
    });

    it('has-permission with several resources answers 400 VALIDATION_ERROR; a non-member 403; no session 401', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const two = await org.seats.owner.client.post('/organization/has-permission', {
        permissions: { organization: ['update'], member: ['delete'] },
      });
      expect(two.status).toBe(400);
      expect(two.body.code).toBe('VALIDATION_ERROR');
      const outsider = await h().signUp();
      await expectError(
        await outsider.client.post('/organization/has-permission', {
          permissions: { member: ['delete'] },
          organizationId: org.id,
        }),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect(
        (
          await h()
            .client()
            .post('/organization/has-permission', { permissions: { member: ['delete'] }, organizationId: org.id })
        ).status,
      ).toBe(401);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true }, membershipLimit: MEMBERSHIP_LIMIT, roles: ROLES })] },
);
