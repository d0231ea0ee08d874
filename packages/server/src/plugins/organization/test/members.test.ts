import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { organizationPlugin } from '../../..';
import { DEFAULT_ORGANIZATION_ROLES } from '../access-control';
import { ORGANIZATION_ERRORS } from '../errors';
import { describeEachDialect, type TestClient } from '../../../../test/support/harness';
import { db, insertMember, insertOrganization, insertTeam, memberRow, setActiveOrganizationRow } from './rows';

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
    const api = () => h().auth.api as unknown as Api;

    /** An organization made by inserting rows (the create route is built elsewhere), one signed-in user per role. */
    async function organizationWith<K extends string>(
      roles: Record<K, string>,
    ): Promise<{ id: string; seats: Record<K, Seat> }> {
      const id = await insertOrganization(h(), { name: 'Acme' });
      const seats = {} as Record<K, Seat>;
      for (const [label, role] of Object.entries(roles) as [K, string][]) {
        const { client, user } = await h().signUp();
        const memberId = await insertMember(h(), id, user.id, role);
        await activate(client, user.id, id);
        seats[label] = { client, user, memberId };
      }
      return { id, seats };
    }

    /** Makes the organization active on the user's sessions, and refreshes the client's cookie cache. */
    async function activate(client: TestClient, userId: string, organizationId: string | null) {
      await setActiveOrganizationRow(h(), userId, organizationId);
      await client.get('/get-session?disableCookieCache=true');
    }

    /** remove-member by the client, in `organizationId` or else its active organization. */
    function removeMember(client: TestClient, memberIdOrEmail: string, organizationId?: string) {
      return client.post('/organization/remove-member', { memberIdOrEmail, organizationId });
    }

    /** update-member-role by the client, in `organizationId` or else its active organization. */
    function updateRole(client: TestClient, memberId: string, role: string | string[], organizationId?: string) {
      return client.post('/organization/update-member-role', { memberId, role, organizationId });
    }

    async function activeOrganizationsOf(userId: string) {
      const rows = await db(h())
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
      expect(await memberRow(h(), org.id, user.id)).toMatchObject({ id: member.id, role: 'admin,member' });
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
      expect(await memberRow(h(), org.id, user.id)).toBeUndefined();
    });

    it('add-member with a role outside the table answers 400 Role not found and adds nobody', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      await expectError(
        api().addMember!({ body: { userId: user.id, role: ['member', 'superuser'], organizationId: org.id } }),
        ORGANIZATION_ERRORS.roleNotFound,
      );
      expect(await memberRow(h(), org.id, user.id)).toBeUndefined();
    });

    it('add-member of an existing member answers 400 already a member', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      await expectError(
        api().addMember!({ body: { userId: org.seats.member.user.id, role: 'admin', organizationId: org.id } }),
        ORGANIZATION_ERRORS.alreadyAMember,
      );
      expect(await memberRow(h(), org.id, org.seats.member.user.id)).toMatchObject({ role: 'member' });
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
      const count = await db(h()).selectFrom('member').select('id').where('organizationId', '=', org.id).execute();
      expect(count).toHaveLength(MEMBERSHIP_LIMIT);
    });

    it('add-member without an organization id uses the active organization of the session in the given headers', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const { user } = await h().signUp();
      await api().addMember!({
        body: { userId: user.id, role: 'member' },
        headers: { cookie: org.seats.owner.client.cookieHeader },
      });
      expect(await memberRow(h(), org.id, user.id)).toMatchObject({ role: 'member' });
      await expectError(
        api().addMember!({ body: { userId: user.id, role: 'member' } }),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
    });

    it('add-member with a team id also seats the user in that team', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const teamId = await insertTeam(h(), org.id, 'Core');
      const { user } = await h().signUp();
      await api().addMember!({ body: { userId: user.id, role: 'member', organizationId: org.id, teamId } });
      const seats = await db(h()).selectFrom('teamMember').select('teamId').where('userId', '=', user.id).execute();
      expect(seats).toEqual([{ teamId }]);
    });

    // remove-member

    it('remove-member by an owner removes an admin and clears the organization from the admin’s sessions', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin' });
      const response = await removeMember(org.seats.owner.client, org.seats.admin.memberId);
      expect(response.status).toBe(200);
      expect(response.body.member).toMatchObject({
        id: org.seats.admin.memberId,
        userId: org.seats.admin.user.id,
        role: 'admin',
      });
      expect(await memberRow(h(), org.id, org.seats.admin.user.id)).toBeUndefined();
      expect(await activeOrganizationsOf(org.seats.admin.user.id)).toEqual([null]);
      expect(await activeOrganizationsOf(org.seats.owner.user.id)).toEqual([org.id]);
    });

    it('remove-member by an admin removes a member named by e-mail', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await removeMember(org.seats.admin.client, org.seats.member.user.email.toUpperCase(), org.id);
      expect(response.status).toBe(200);
      expect(await memberRow(h(), org.id, org.seats.member.user.id)).toBeUndefined();
    });

    it('remove-member by a plain member answers 403 and removes nobody', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member', other: 'member' });
      const response = await removeMember(org.seats.member.client, org.seats.other.memberId);
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToDeleteMember);
      expect(await memberRow(h(), org.id, org.seats.other.user.id)).toBeDefined();
    });

    it('remove-member of an owner by an admin answers 403', async () => {
      const org = await organizationWith({ owner: 'owner', second: 'owner', admin: 'admin' });
      const response = await removeMember(org.seats.admin.client, org.seats.owner.memberId);
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToDeleteMember);
      expect(await memberRow(h(), org.id, org.seats.owner.user.id)).toBeDefined();
    });

    it('remove-member of the only owner answers 400, and an owner may remove another owner', async () => {
      const org = await organizationWith({ owner: 'owner', second: 'admin,owner' });
      const removed = await removeMember(org.seats.owner.client, org.seats.second.memberId);
      expect(removed.status).toBe(200);
      const response = await removeMember(org.seats.owner.client, org.seats.owner.memberId);
      await expectError(response, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner);
      expect(await memberRow(h(), org.id, org.seats.owner.user.id)).toBeDefined();
    });

    it('remove-member of an unknown member, a non-member caller and no session answer 400, 403 and 401', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const other = await organizationWith({ owner: 'owner' });
      await expectError(await removeMember(org.seats.owner.client, 'nobody'), ORGANIZATION_ERRORS.memberNotFound);
      // A member id of another organization is not found in this one.
      await expectError(
        await removeMember(org.seats.owner.client, other.seats.owner.memberId),
        ORGANIZATION_ERRORS.memberNotFound,
      );
      await expectError(
        await removeMember(other.seats.owner.client, org.seats.owner.memberId, org.id),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect((await removeMember(h().client(), org.seats.owner.memberId, org.id)).status).toBe(401);
    });

    // update-member-role

    it('update-member-role by an owner makes a member an admin and an admin an owner', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await updateRole(org.seats.owner.client, org.seats.member.memberId, 'admin');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: org.seats.member.memberId,
        role: 'admin',
        user: { email: org.seats.member.user.email },
      });
      expect(await memberRow(h(), org.id, org.seats.member.user.id)).toMatchObject({ role: 'admin' });
      const promoted = await updateRole(org.seats.owner.client, org.seats.admin.memberId, ['owner']);
      expect(promoted.status).toBe(200);
      expect(await memberRow(h(), org.id, org.seats.admin.user.id)).toMatchObject({ role: 'owner' });
    });

    it('update-member-role by an admin gives a member several roles, but not the owner role', async () => {
      const org = await organizationWith({ owner: 'owner', admin: 'admin', member: 'member' });
      const response = await updateRole(org.seats.admin.client, org.seats.member.memberId, ['member', 'inviter']);
      expect(response.status).toBe(200);
      expect(await memberRow(h(), org.id, org.seats.member.user.id)).toMatchObject({ role: 'member,inviter' });
      const owner = await updateRole(org.seats.admin.client, org.seats.member.memberId, 'owner');
      await expectError(owner, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      const demote = await updateRole(org.seats.admin.client, org.seats.owner.memberId, 'member');
      await expectError(demote, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      expect(await memberRow(h(), org.id, org.seats.owner.user.id)).toMatchObject({ role: 'owner' });
    });

    it('update-member-role by a plain member answers 403', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      const response = await updateRole(org.seats.member.client, org.seats.member.memberId, 'admin');
      await expectError(response, ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      expect(await memberRow(h(), org.id, org.seats.member.user.id)).toMatchObject({ role: 'member' });
    });

    it('update-member-role refuses an unknown role, an unknown member, and the only owner demoting themself with 400 cannot leave without an owner', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      const { client } = org.seats.owner;
      await expectError(await updateRole(client, org.seats.member.memberId, 'root'), ORGANIZATION_ERRORS.roleNotFound);
      await expectError(await updateRole(client, 'nobody', 'admin'), ORGANIZATION_ERRORS.memberNotFound);
      const demoted = await updateRole(client, org.seats.owner.memberId, 'admin');
      // better-auth's entry for a role change; leave and remove-member keep "as the only owner".
      await expectError(demoted, ORGANIZATION_ERRORS.cannotLeaveWithoutOwner);
      expect(await memberRow(h(), org.id, org.seats.owner.user.id)).toMatchObject({ role: 'owner' });
      expect((await updateRole(h().client(), org.seats.member.memberId, 'admin', org.id)).status).toBe(401);
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
      expect(await memberRow(h(), org.id, user.id)).toBeUndefined();
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
      expect(await memberRow(h(), org.id, org.seats.owner.user.id)).toBeDefined();
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

    it('list-members filters, searches by name or e-mail, sorts and counts what the filter leaves', async () => {
      const id = await insertOrganization(h(), { name: 'Acme' });
      const people = [
        ['Zoë Quinn', 'owner', 'zq'],
        ['Adam Park', 'admin', 'ap'],
        ['Mia 100%_', 'member', 'mia'],
        ['Bob Stone', 'member', 'stone'],
      ] as const;
      const seats: Array<{ client: TestClient; user: { id: string; email: string } }> = [];
      for (const [name, role, local] of people) {
        const seat = await h().signUp(
          `${local}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          undefined,
          name,
        );
        await insertMember(h(), id, seat.user.id, role);
        seats.push(seat);
      }
      const client = seats[0]!.client;
      const list = async (params: Record<string, string>) => {
        const response = await client.get(
          `/organization/list-members?${new URLSearchParams({ organizationId: id, ...params })}`,
        );
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body as { members: Array<{ role: string; user: { name: string } }>; total: number };
      };
      const names = (page: { members: Array<{ user: { name: string } }> }) => page.members.map((m) => m.user.name);

      // Name or e-mail, any case; LIKE's wildcards are plain characters.
      expect(names(await list({ searchValue: 'STONE' }))).toEqual(['Bob Stone']);
      expect(names(await list({ searchValue: 'ap-' }))).toEqual(['Adam Park']);
      expect(names(await list({ searchValue: '0%_' }))).toEqual(['Mia 100%_']);
      expect(await list({ searchValue: '%' })).toMatchObject({ total: 1 });
      // better-auth's filter, with `total` counting the filtered members, not the page.
      const members = await list({ filterField: 'role', filterValue: 'member', limit: '1' });
      expect(members.total).toBe(2);
      expect(members.members).toHaveLength(1);
      expect((await list({ filterField: 'role', filterOperator: 'ne', filterValue: 'member' })).total).toBe(2);
      expect(
        names(await list({ filterField: 'role', filterOperator: 'in', filterValue: 'owner,admin', sortBy: 'name' })),
      ).toEqual(['Adam Park', 'Zoë Quinn']);
      expect(names(await list({ filterField: 'name', filterOperator: 'starts_with', filterValue: 'b' }))).toEqual([
        'Bob Stone',
      ]);
      expect(names(await list({ sortBy: 'name', sortDirection: 'desc' }))).toEqual([
        'Zoë Quinn',
        'Mia 100%_',
        'Bob Stone',
        'Adam Park',
      ]);
      expect(
        (await list({ filterField: 'createdAt', filterOperator: 'lte', filterValue: new Date().toISOString() })).total,
      ).toBe(4);
    });

    it('list-members answers 400 VALIDATION_ERROR for a field outside the whitelist or a malformed filter', async () => {
      const org = await organizationWith({ owner: 'owner' });
      const refused: Array<[Record<string, string>, string]> = [
        [{ sortBy: 'password' }, 'sortBy'],
        [{ sortBy: 'member.id; drop table member' }, 'sortBy'],
        [{ filterField: 'organizationId', filterValue: 'x' }, 'filterField'],
        [{ filterField: 'constructor', filterValue: 'x' }, 'filterField'],
        [{ filterField: 'createdAt', filterValue: 'yesterday' }, 'filterValue'],
        [{ filterField: 'createdAt', filterOperator: 'contains', filterValue: '2026' }, 'filterOperator'],
        [{ filterField: 'role', filterOperator: 'like', filterValue: 'admin' }, 'filterOperator'],
        [{ filterValue: 'admin' }, 'filterField'],
        [{ filterField: 'role' }, 'filterValue'],
        [{ sortDirection: 'up' }, 'sortDirection'],
        [{ limit: '0' }, 'limit'],
        [{ searchValue: 'x'.repeat(256) }, 'searchValue'],
      ];
      for (const [params, path] of refused) {
        const response = await org.seats.owner.client.get(
          `/organization/list-members?${new URLSearchParams({ organizationId: org.id, ...params })}`,
        );
        expect(response.status, JSON.stringify(params)).toBe(400);
        expect(response.body, JSON.stringify(params)).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'Invalid query parameters',
        });
        expect(JSON.stringify(response.body.details), JSON.stringify(params)).toContain(path);
      }
      expect(
        await db(h()).selectFrom('member').select('id').where('organizationId', '=', org.id).execute(),
      ).toHaveLength(1);
    });

    it('list-members takes the organization by slug, as better-auth 1.7 does; an unknown slug answers 400', async () => {
      const org = await organizationWith({ owner: 'owner', member: 'member' });
      const { slug } = await db(h())
        .selectFrom('organization')
        .select('slug')
        .where('id', '=', org.id)
        .executeTakeFirstOrThrow();
      const response = await org.seats.member.client.get(`/organization/list-members?organizationSlug=${slug}`);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(2);
      await expectError(
        await org.seats.member.client.get('/organization/list-members?organizationSlug=no-such-slug'),
        ORGANIZATION_ERRORS.organizationNotFound,
      );
      const outsider = await h().signUp();
      await expectError(
        await outsider.client.get(`/organization/list-members?organizationSlug=${slug}`),
        ORGANIZATION_ERRORS.notAMember,
      );
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
      await expectError(two, 400, 'VALIDATION_ERROR');
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
