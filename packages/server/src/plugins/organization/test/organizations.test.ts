import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import type { AuthError } from '../../..';
import { ERRORS, organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '..';
import {
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type TestClient,
  type TestResponse,
} from '../../../../test/support/harness';
import { db, insertInvitation, insertMember } from './rows';

let slugCounter = 0;
function uniqueSlug(prefix = 'org'): string {
  slugCounter += 1;
  return `${prefix}-${slugCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** `auth.api.createOrganization`: plugin routes are not in the engine's typed api. */
function createThroughApi(
  h: Harness,
  input: { body: Record<string, unknown>; headers?: Record<string, string> },
): Promise<unknown> {
  const api = h.auth.api as unknown as { createOrganization(i: typeof input): Promise<unknown> };
  return api.createOrganization(input);
}

type ActiveField = 'activeOrganizationId' | 'activeTeamId';

/** As get-session answers it: from the cookie cache when there is one. */
async function activeInSession(client: TestClient, field: ActiveField): Promise<unknown> {
  const response = await client.get('/get-session');
  return response.body.session[field];
}

/** As the session row holds it. */
async function activeInRow(h: Harness, userId: string, field: ActiveField): Promise<unknown> {
  const row = await db(h).selectFrom('session').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
  return row[field];
}

const activeOrganizationOf = (client: TestClient) => activeInSession(client, 'activeOrganizationId');
const activeTeamOf = (client: TestClient) => activeInSession(client, 'activeTeamId');
const activeOrganizationInRow = (h: Harness, userId: string) => activeInRow(h, userId, 'activeOrganizationId');
const activeTeamInRow = (h: Harness, userId: string) => activeInRow(h, userId, 'activeTeamId');

/** An organization created over HTTP by its owner, with an admin and a plain member, each active in it. */
async function organizationWithRoles(h: Harness) {
  const owner = await h.signUp(uniqueEmail('owner'), undefined, 'Owner');
  const admin = await h.signUp(uniqueEmail('admin'), undefined, 'Admin');
  const member = await h.signUp(uniqueEmail('member'), undefined, 'Member');
  const outsider = await h.signUp(uniqueEmail('outsider'), undefined, 'Outsider');
  const created = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: uniqueSlug('acme'),
    metadata: { plan: 'pro' },
  });
  expect(created.status).toBe(200);
  const organization = created.body;
  await insertMember(h, organization.id, admin.user.id, 'admin');
  await insertMember(h, organization.id, member.user.id, 'member');
  for (const who of [admin, member]) {
    expect((await who.client.post('/organization/set-active', { organizationId: organization.id })).status).toBe(200);
  }
  return { owner, admin, member, outsider, organization };
}

async function organizationRow(h: Harness, organizationId: string) {
  return db(h).selectFrom('organization').selectAll().where('id', '=', organizationId).executeTakeFirstOrThrow();
}

async function rowsOf(h: Harness, organizationId: string) {
  const teams = await db(h).selectFrom('team').selectAll().where('organizationId', '=', organizationId).execute();
  return {
    organizations: await db(h).selectFrom('organization').selectAll().where('id', '=', organizationId).execute(),
    members: await db(h).selectFrom('member').selectAll().where('organizationId', '=', organizationId).execute(),
    teams,
    teamMembers:
      teams.length === 0
        ? []
        : await db(h)
            .selectFrom('teamMember')
            .selectAll()
            .where(
              'teamId',
              'in',
              teams.map((t) => t.id),
            )
            .execute(),
  };
}

describeEachDialect(
  'organizations with teams enabled',
  (h) => {
    it('create answers the organization with metadata parsed and its owner, and writes organization, owner member, default team and team membership together', async () => {
      const { client, user } = await h().signUp();
      const slug = uniqueSlug();
      const response = await client.post('/organization/create', {
        name: 'Globex',
        slug,
        logo: 'https://example.com/logo.png',
        metadata: { tier: 2 },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Globex',
        slug,
        logo: 'https://example.com/logo.png',
        metadata: { tier: 2 },
      });
      expect(response.body.members).toEqual([
        expect.objectContaining({ organizationId: response.body.id, userId: user.id, role: 'owner' }),
      ]);
      const rows = await rowsOf(h(), response.body.id);
      expect(rows.organizations).toHaveLength(1);
      expect(JSON.parse(rows.organizations[0]!.metadata!)).toEqual({ tier: 2 });
      expect(rows.members).toEqual([expect.objectContaining({ userId: user.id, role: 'owner' })]);
      expect(rows.teams).toEqual([expect.objectContaining({ name: 'Globex' })]);
      expect(rows.teamMembers).toEqual([expect.objectContaining({ teamId: rows.teams[0]!.id, userId: user.id })]);
    });

    it('create makes the new organization active at once, with its default team as the active team, unless keepCurrentActiveOrganization', async () => {
      const { client, user } = await h().signUp();
      const first = await client.post('/organization/create', { name: 'First', slug: uniqueSlug() });
      const [firstTeam] = (await rowsOf(h(), first.body.id)).teams;
      expect(await activeOrganizationOf(client)).toBe(first.body.id);
      expect(await activeOrganizationInRow(h(), user.id)).toBe(first.body.id);
      // From the cookie cache as much as from the session row.
      expect(await activeTeamOf(client)).toBe(firstTeam!.id);
      expect(await activeTeamInRow(h(), user.id)).toBe(firstTeam!.id);
      const second = await client.post('/organization/create', {
        name: 'Second',
        slug: uniqueSlug(),
        keepCurrentActiveOrganization: true,
      });
      expect(second.status).toBe(200);
      expect(await activeOrganizationOf(client)).toBe(first.body.id);
      expect(await activeOrganizationInRow(h(), user.id)).toBe(first.body.id);
      expect(await activeTeamOf(client)).toBe(firstTeam!.id);
      expect(await activeTeamInRow(h(), user.id)).toBe(firstTeam!.id);
    });

    it('create without a session answers 401 and creates nothing, even when naming a userId', async () => {
      const { user } = await h().signUp();
      const slug = uniqueSlug();
      const response = await h().client().post('/organization/create', { name: 'Nope', slug, userId: user.id });
      expect(response.status).toBe(401);
      expect(await db(h()).selectFrom('organization').selectAll().where('slug', '=', slug).execute()).toEqual([]);
    });

    it('create with a taken slug answers 400 Organization already exists', async () => {
      const { client } = await h().signUp();
      const slug = uniqueSlug();
      expect((await client.post('/organization/create', { name: 'One', slug })).status).toBe(200);
      const other = await h().signUp();
      await expectError(
        await other.client.post('/organization/create', { name: 'Two', slug }),
        ORGANIZATION_ERRORS.organizationAlreadyExists,
      );
      expect(await db(h()).selectFrom('organization').selectAll().where('slug', '=', slug).execute()).toHaveLength(1);
    });

    // Guard: the unique index on organization.slug (plugins/organization/schema.ts); ten users, so no lock is shared.
    it('ten parallel creates with one slug make exactly one organization with one owner and one team', async () => {
      const users = await Promise.all(Array.from({ length: 10 }, () => h().signUp()));
      const slug = uniqueSlug('race');
      const responses = await Promise.all(
        users.map(({ client }) => client.post('/organization/create', { name: 'Race', slug })),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of responses.filter((r) => r.status === 400))
        await expectError(refused, ORGANIZATION_ERRORS.organizationAlreadyExists);
      const organizations = await db(h()).selectFrom('organization').selectAll().where('slug', '=', slug).execute();
      expect(organizations).toHaveLength(1);
      const rows = await rowsOf(h(), organizations[0]!.id);
      expect(rows.members).toHaveLength(1);
      expect(rows.teams).toHaveLength(1);
      expect(rows.teamMembers).toHaveLength(1);
    });

    it('create leaves no organization, member or team behind when the last insert of its transaction fails', async () => {
      const { client, user } = await h().signUp();
      const slug = uniqueSlug('broken');
      await h().auth.context.db.schema.alterTable('teamMember').renameTo('teamMemberAway').execute();
      let response: TestResponse;
      try {
        response = await client.post('/organization/create', { name: 'Broken', slug });
      } finally {
        await h().auth.context.db.schema.alterTable('teamMemberAway').renameTo('teamMember').execute();
      }
      expect(response.status).toBe(500);
      expect(await db(h()).selectFrom('organization').selectAll().where('slug', '=', slug).execute()).toEqual([]);
      expect(await db(h()).selectFrom('member').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
      expect(await db(h()).selectFrom('team').selectAll().where('name', '=', 'Broken').execute()).toEqual([]);
      expect(await activeOrganizationInRow(h(), user.id)).toBeNull();
    });

    it('create for another user works only as a server call (auth.api), never over HTTP', async () => {
      const { user, client } = await h().signUp();
      const slug = uniqueSlug('server');
      const created = (await createThroughApi(h(), { body: { name: 'Made by server', slug, userId: user.id } })) as {
        id: string;
        members: unknown[];
      };
      expect(created.members).toEqual([expect.objectContaining({ userId: user.id, role: 'owner' })]);
      expect((await rowsOf(h(), created.id)).members).toEqual([
        expect.objectContaining({ userId: user.id, role: 'owner' }),
      ]);
      // No session to make it active in.
      expect(await activeOrganizationOf(client)).toBeNull();

      const overHttp = await h()
        .client()
        .post('/organization/create', { name: 'x', slug: uniqueSlug(), userId: user.id }, { headers: {} });
      expect(overHttp.status).toBe(401);
      const unknownUser = await createThroughApi(h(), {
        body: { name: 'x', slug: uniqueSlug(), userId: 'nobody' },
      }).catch((e: unknown) => e);
      expect((unknownUser as AuthError).entry).toEqual(ERRORS.userNotFound);
    });

    it('create over HTTP with a session ignores a userId naming someone else', async () => {
      const { client, user } = await h().signUp();
      const other = await h().signUp();
      const response = await client.post('/organization/create', {
        name: 'Mine',
        slug: uniqueSlug(),
        userId: other.user.id,
      });
      expect(response.status).toBe(200);
      expect(response.body.members).toEqual([expect.objectContaining({ userId: user.id })]);
    });

    it('check-slug answers {status: true} for a free slug and 400 slug is taken for a used one; 401 without a session', async () => {
      const { client } = await h().signUp();
      const slug = uniqueSlug();
      const free = await client.post('/organization/check-slug', { slug });
      expect(free.status).toBe(200);
      expect(free.body).toEqual({ status: true });
      await client.post('/organization/create', { name: 'Taken', slug });
      await expectError(await client.post('/organization/check-slug', { slug }), ORGANIZATION_ERRORS.slugIsTaken);
      expect((await h().client().post('/organization/check-slug', { slug })).status).toBe(401);
    });

    it('update is allowed to owner and admin, answering metadata parsed, and refused to a member and an outsider', async () => {
      const { owner, admin, member, outsider, organization } = await organizationWithRoles(h());
      const byOwner = await owner.client.post('/organization/update', {
        data: { name: 'Acme Ltd', metadata: { plan: 'team' } },
        organizationId: organization.id,
      });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toMatchObject({
        id: organization.id,
        name: 'Acme Ltd',
        metadata: { plan: 'team' },
        slug: organization.slug,
      });
      // The admin names no organization: its active one.
      const byAdmin = await admin.client.post('/organization/update', { data: { logo: 'https://example.com/a.png' } });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({
        id: organization.id,
        name: 'Acme Ltd',
        logo: 'https://example.com/a.png',
        metadata: { plan: 'team' },
      });
      await expectError(
        await member.client.post('/organization/update', { data: { name: 'Hijacked' } }),
        ORGANIZATION_ERRORS.notAllowedToUpdateOrganization,
      );
      await expectError(
        await outsider.client.post('/organization/update', {
          data: { name: 'Hijacked' },
          organizationId: organization.id,
        }),
        ORGANIZATION_ERRORS.notAMember,
      );
      await expectError(
        await outsider.client.post('/organization/update', { data: { name: 'Hijacked' } }),
        ORGANIZATION_ERRORS.noActiveOrganization,
      );
      expect(
        (
          await h()
            .client()
            .post('/organization/update', { data: { name: 'x' }, organizationId: organization.id })
        ).status,
      ).toBe(401);
      expect(await organizationRow(h(), organization.id)).toMatchObject({
        name: 'Acme Ltd',
        logo: 'https://example.com/a.png',
      });
    });

    it('update to a slug another organization has answers 400 slug is taken and changes nothing', async () => {
      const { owner, organization } = await organizationWithRoles(h());
      const otherSlug = uniqueSlug();
      await owner.client.post('/organization/create', {
        name: 'Other',
        slug: otherSlug,
        keepCurrentActiveOrganization: true,
      });
      await expectError(
        await owner.client.post('/organization/update', { data: { slug: otherSlug } }),
        ORGANIZATION_ERRORS.slugIsTaken,
      );
      expect((await organizationRow(h(), organization.id)).slug).toBe(organization.slug);
      const same = await owner.client.post('/organization/update', {
        data: { slug: organization.slug, name: 'Same slug' },
      });
      expect(same.status).toBe(200);
    });

    it('delete is refused to admin, member and outsider, and by the owner removes everything and clears every session that had it active', async () => {
      const { owner, admin, member, outsider, organization } = await organizationWithRoles(h());
      await insertInvitation(h(), {
        organizationId: organization.id,
        inviterId: owner.user.id,
        email: uniqueEmail(),
        expiresAt: h().clock.now(),
      });
      await expectError(
        await admin.client.post('/organization/delete', { organizationId: organization.id }),
        ORGANIZATION_ERRORS.notAllowedToDeleteOrganization,
      );
      await expectError(
        await member.client.post('/organization/delete', { organizationId: organization.id }),
        ORGANIZATION_ERRORS.notAllowedToDeleteOrganization,
      );
      await expectError(
        await outsider.client.post('/organization/delete', { organizationId: organization.id }),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect((await h().client().post('/organization/delete', { organizationId: organization.id })).status).toBe(401);
      expect((await rowsOf(h(), organization.id)).organizations).toHaveLength(1);

      const response = await owner.client.post('/organization/delete', { organizationId: organization.id });
      expect(response.status).toBe(200);
      // As stored, as better-auth answers the deleted organization.
      expect(response.body).toMatchObject({ id: organization.id, slug: organization.slug, metadata: '{"plan":"pro"}' });
      const rows = await rowsOf(h(), organization.id);
      expect(rows).toEqual({ organizations: [], members: [], teams: [], teamMembers: [] });
      expect(
        await db(h()).selectFrom('invitation').selectAll().where('organizationId', '=', organization.id).execute(),
      ).toEqual([]);
      for (const who of [owner, admin, member]) expect(await activeOrganizationInRow(h(), who.user.id)).toBeNull();
      expect(await activeOrganizationOf(owner.client)).toBeNull();
      await expectError(
        await owner.client.post('/organization/delete', { organizationId: organization.id }),
        ORGANIZATION_ERRORS.organizationNotFound,
      );
    });

    it('set-active by id or slug answers the full organization, metadata as stored, and shows in get-session at once; null clears it', async () => {
      const { member, organization } = await organizationWithRoles(h());
      const byId = await member.client.post('/organization/set-active', { organizationId: null });
      expect(byId.status).toBe(200);
      expect(byId.body).toBeNull();
      expect(await activeOrganizationOf(member.client)).toBeNull();
      expect(await activeOrganizationInRow(h(), member.user.id)).toBeNull();

      const bySlug = await member.client.post('/organization/set-active', { organizationSlug: organization.slug });
      expect(bySlug.status).toBe(200);
      expect(bySlug.body).toMatchObject({ id: organization.id, metadata: '{"plan":"pro"}' });
      expect(bySlug.body.members).toHaveLength(3);
      expect(bySlug.body.teams).toEqual([expect.objectContaining({ name: 'Acme' })]);
      expect(await activeOrganizationOf(member.client)).toBe(organization.id);
      expect(await activeOrganizationInRow(h(), member.user.id)).toBe(organization.id);
    });

    it('set-active by a non-member answers 403 and clears the active organization; an unknown one 400', async () => {
      const { organization } = await organizationWithRoles(h());
      const stranger = await h().signUp();
      const own = await stranger.client.post('/organization/create', { name: 'Own', slug: uniqueSlug() });
      expect(await activeOrganizationOf(stranger.client)).toBe(own.body.id);
      await expectError(
        await stranger.client.post('/organization/set-active', { organizationId: organization.id }),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect(await activeOrganizationOf(stranger.client)).toBeNull();
      expect(await activeOrganizationInRow(h(), stranger.user.id)).toBeNull();
      await expectError(
        await stranger.client.post('/organization/set-active', { organizationId: 'no-such-organization' }),
        ORGANIZATION_ERRORS.organizationNotFound,
      );
      expect((await h().client().post('/organization/set-active', { organizationId: organization.id })).status).toBe(
        401,
      );
    });

    it('get-full-organization answers the active one, metadata as stored, with members and their users, invitations and teams, to owner, admin and member', async () => {
      const { owner, admin, member, organization } = await organizationWithRoles(h());
      const invitee = uniqueEmail('invitee');
      await insertInvitation(h(), {
        organizationId: organization.id,
        inviterId: owner.user.id,
        email: invitee,
        expiresAt: h().clock.now(),
      });
      for (const who of [owner, admin, member]) {
        const response = await who.client.get('/organization/get-full-organization');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id: organization.id, name: 'Acme', metadata: '{"plan":"pro"}' });
        expect(response.body.members).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              userId: owner.user.id,
              role: 'owner',
              user: { id: owner.user.id, name: 'Owner', email: owner.user.email, image: null },
            }),
            expect.objectContaining({
              userId: admin.user.id,
              role: 'admin',
              user: expect.objectContaining({ email: admin.user.email }),
            }),
            expect.objectContaining({
              userId: member.user.id,
              role: 'member',
              user: expect.objectContaining({ name: 'Member' }),
            }),
          ]),
        );
        expect(response.body.invitations).toEqual([expect.objectContaining({ email: invitee, status: 'pending' })]);
        expect(response.body.teams).toEqual([
          expect.objectContaining({ name: 'Acme', organizationId: organization.id }),
        ]);
      }
      const bySlug = await member.client.get(
        `/organization/get-full-organization?organizationSlug=${organization.slug}`,
      );
      expect(bySlug.body.id).toBe(organization.id);
    });

    it('get-full-organization and set-active list each team with its memberCount', async () => {
      const { owner, admin, member, organization } = await organizationWithRoles(h());
      const [defaultTeam] = (await rowsOf(h(), organization.id)).teams;
      const crew = await owner.client.post('/organization/create-team', { name: 'Crew' });
      const empty = await owner.client.post('/organization/create-team', { name: 'Empty' });
      for (const who of [admin, member]) {
        expect(
          (await owner.client.post('/organization/add-team-member', { teamId: crew.body.id, userId: who.user.id }))
            .status,
        ).toBe(200);
      }
      const expected = [
        { id: defaultTeam!.id, name: 'Acme', organizationId: organization.id, memberCount: 1 },
        { id: crew.body.id, name: 'Crew', organizationId: organization.id, memberCount: 2 },
        { id: empty.body.id, name: 'Empty', organizationId: organization.id, memberCount: 0 },
      ];
      const byId = <T extends { id: string }>(teams: T[]) =>
        [...teams].sort((a, b) => expected.findIndex((e) => e.id === a.id) - expected.findIndex((e) => e.id === b.id));
      const full = await member.client.get('/organization/get-full-organization');
      expect(full.status).toBe(200);
      expect(byId(full.body.teams)).toEqual(
        expected.map((team) => ({ ...team, createdAt: expect.any(String), updatedAt: expect.any(String) })),
      );
      const active = await admin.client.post('/organization/set-active', { organizationId: organization.id });
      expect(byId(active.body.teams as { id: string; memberCount: number }[]).map((t) => t.memberCount)).toEqual([
        1, 2, 0,
      ]);
      // Only here: list-teams answers teams without it, as better-auth does.
      expect((await member.client.get('/organization/list-teams')).body[0]).not.toHaveProperty('memberCount');
    });

    it('get-full-organization answers null with no organization active, 403 and clears the active one for a non-member, 401 without a session', async () => {
      const { organization } = await organizationWithRoles(h());
      const stranger = await h().signUp();
      const none = await stranger.client.get('/organization/get-full-organization');
      expect(none.status).toBe(200);
      expect(none.body).toBeNull();
      await stranger.client.post('/organization/create', { name: 'Own', slug: uniqueSlug() });
      await expectError(
        await stranger.client.get(`/organization/get-full-organization?organizationId=${organization.id}`),
        ORGANIZATION_ERRORS.notAMember,
      );
      expect(await activeOrganizationInRow(h(), stranger.user.id)).toBeNull();
      expect(await activeOrganizationOf(stranger.client)).toBeNull();
      await expectError(
        await stranger.client.get('/organization/get-full-organization?organizationId=missing'),
        ORGANIZATION_ERRORS.organizationNotFound,
      );
      expect(
        (await h().client().get(`/organization/get-full-organization?organizationId=${organization.id}`)).status,
      ).toBe(401);
    });

    it('list answers a plain array of the organizations the user belongs to, metadata as stored', async () => {
      const { owner, member, outsider, organization } = await organizationWithRoles(h());
      const second = await owner.client.post('/organization/create', {
        name: 'Second',
        slug: uniqueSlug(),
        metadata: { n: 2 },
      });
      const ownerList = await owner.client.get('/organization/list');
      expect(ownerList.status).toBe(200);
      expect(ownerList.body.map((o: { id: string }) => o.id).sort()).toEqual([organization.id, second.body.id].sort());
      // The stored JSON text, as better-auth answers it here; create answered it parsed.
      expect(second.body.metadata).toEqual({ n: 2 });
      expect(ownerList.body.find((o: { id: string }) => o.id === second.body.id).metadata).toBe('{"n":2}');
      expect(ownerList.body.find((o: { id: string }) => o.id === organization.id).metadata).toBe('{"plan":"pro"}');
      expect((await member.client.get('/organization/list')).body.map((o: { id: string }) => o.id)).toEqual([
        organization.id,
      ]);
      expect((await outsider.client.get('/organization/list')).body).toEqual([]);
      expect((await h().client().get('/organization/list')).status).toBe(401);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
);

describeEachDialect(
  'organizations with creation restricted and limited, teams off',
  (h) => {
    it('create answers 403 not allowed to create when allowUserToCreateOrganization refuses the user', async () => {
      const { client, user } = await h().signUp(uniqueEmail('blocked'));
      await expectError(
        await client.post('/organization/create', { name: 'No', slug: uniqueSlug() }),
        ORGANIZATION_ERRORS.notAllowedToCreateOrganization,
      );
      expect(await db(h()).selectFrom('member').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
    });

    it('create answers the organization limit error once the user belongs to that many organizations, and makes no team', async () => {
      const { client, user } = await h().signUp();
      for (const name of ['One', 'Two']) {
        const response = await client.post('/organization/create', { name, slug: uniqueSlug() });
        expect(response.status).toBe(200);
        expect((await rowsOf(h(), response.body.id)).teams).toEqual([]);
      }
      await expectError(
        await client.post('/organization/create', { name: 'Three', slug: uniqueSlug() }),
        ORGANIZATION_ERRORS.organizationLimitReached,
      );
      expect(await db(h()).selectFrom('member').selectAll().where('userId', '=', user.id).execute()).toHaveLength(2);
    });

    it('get-full-organization has no teams key when teams are off', async () => {
      const { client } = await h().signUp();
      await client.post('/organization/create', { name: 'Plain', slug: uniqueSlug() });
      const response = await client.get('/organization/get-full-organization');
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('teams');
      expect(response.body.members).toHaveLength(1);
    });
  },
  {
    plugins: [
      organizationPlugin({
        allowUserToCreateOrganization: (user) => !user.email.startsWith('blocked'),
        organizationLimit: 2,
      }),
    ],
  },
);

describeEachDialect(
  'get-full-organization membersLimit',
  (h) => {
    /** An organization of six members, joined a minute apart (the owner first), past the limit of 3 as rows written directly can be; and 101 invitations and teams. */
    async function largeOrganization() {
      const owner = await h().signUp(uniqueEmail('owner'), undefined, 'Owner');
      const created = await owner.client.post('/organization/create', { name: 'Big', slug: uniqueSlug('big') });
      expect(created.status).toBe(200);
      const organizationId = created.body.id as string;
      const joined = [owner.user.id as string];
      for (let i = 0; i < 5; i++) {
        h().clock.advance(60);
        const { user } = await h().signUp(uniqueEmail(`member${i}`), undefined, `Member ${i}`);
        await insertMember(h(), organizationId, user.id, 'member');
        joined.push(user.id);
      }
      const now = h().clock.now();
      const ids = Array.from({ length: 101 }, (_, i) => `${organizationId}-${String(i).padStart(3, '0')}`);
      await db(h())
        .insertInto('invitation')
        .values(
          ids.map((id, i) => ({
            id,
            organizationId,
            email: `invitee-${i}@example.com`,
            role: 'member',
            status: 'pending',
            teamId: null,
            inviterId: owner.user.id,
            expiresAt: now,
            createdAt: now,
          })),
        )
        .execute();
      await db(h())
        .insertInto('team')
        .values(ids.map((id, i) => ({ id, name: `Team ${i}`, organizationId, createdAt: now, updatedAt: now })))
        .execute();
      return { owner, organizationId, joined };
    }

    const memberIds = (response: TestResponse) => response.body.members.map((m: { userId: string }) => m.userId);

    it('lists the oldest members up to the membership limit by default, and membersLimit of them when given', async () => {
      const { owner, joined } = await largeOrganization();
      const byDefault = await owner.client.get('/organization/get-full-organization');
      expect(byDefault.status).toBe(200);
      expect(memberIds(byDefault)).toEqual(joined.slice(0, 3));
      expect(byDefault.body.members[1]).toMatchObject({
        role: 'member',
        user: { id: joined[1], name: 'Member 0', image: null },
      });
      const two = await owner.client.get('/organization/get-full-organization?membersLimit=2');
      expect(memberIds(two)).toEqual(joined.slice(0, 2));
      const all = await owner.client.get('/organization/get-full-organization?membersLimit=50');
      expect(memberIds(all)).toEqual(joined);
      // Invitations and teams are bounded as better-auth bounds them (its default find limit, 100).
      expect(all.body.invitations).toHaveLength(100);
      expect(all.body.teams).toHaveLength(100);
      // set-active answers the same shape, with the default page.
      expect(memberIds(await owner.client.post('/organization/set-active', {}))).toEqual(joined.slice(0, 3));
    });

    it('answers 400 VALIDATION_ERROR for a membersLimit that is not a positive integer', async () => {
      const { owner, organizationId } = await largeOrganization();
      for (const membersLimit of ['0', '-1', 'ten', '2.5', '']) {
        await expectError(
          await owner.client.get(
            `/organization/get-full-organization?organizationId=${organizationId}&membersLimit=${membersLimit}`,
          ),
          ERRORS.invalidQuery,
        );
      }
    });
  },
  { plugins: [organizationPlugin({ membershipLimit: 3, teams: { enabled: true } })] },
);
