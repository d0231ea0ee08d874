/**
 * @module The count-then-act checks (teams.maximumTeams, organizationLimit, membershipLimit, an
 * organization's last team) under parallel requests: a check made before the write, outside a
 * lock, lets each of several requests see room for one more (or one more team left).
 */
import { expect, it } from 'vitest';
import { AuthError, organizationPlugin } from '../../src';
import { ORGANIZATION_ERRORS } from '../../src/plugins/organization';
import { organizationDb } from '../../src/plugins/organization/tables';
import { describeEachDialect, uniqueEmail, type Harness, type TestResponse } from '../support/harness';

const LIMIT = 3;
const PARALLEL = 8;

function db(h: Harness) {
  return organizationDb(h.auth.context);
}

type Entry = { status: number; code: string; message: string };

/** Exactly `admitted` (default `LIMIT`) answered 200, and every other one the catalogue entry. */
function expectLimitHeld(responses: TestResponse[], entry: Entry, admitted = LIMIT): void {
  const refused = responses.filter((r) => r.status !== 200);
  expect(responses.length - refused.length).toBe(admitted);
  for (const r of refused) expect({ status: r.status, code: r.body?.code, message: r.body?.message }).toEqual(entry);
}

/** An organization of rows with its owner, active in the owner's session: creating it is another suite's job. */
async function seedOrganization(h: Harness) {
  const id = `org-${Math.random().toString(36).slice(2, 10)}`;
  await db(h).insertInto('organization').values({ id, name: id, slug: id, logo: null, metadata: null, createdAt: h.clock.now() }).execute();
  const owner = await h.signUp();
  await db(h).insertInto('member').values({ id: `${id}-owner`, organizationId: id, userId: owner.user.id, role: 'owner', teamId: null, createdAt: h.clock.now() }).execute();
  await db(h).updateTable('session').set({ activeOrganizationId: id }).where('userId', '=', owner.user.id).execute();
  return { organizationId: id, owner };
}

describeEachDialect(
  'team limit under parallel create-team requests',
  (h) => {
    it(`${PARALLEL} parallel create-team requests with maximumTeams ${LIMIT} create exactly ${LIMIT} teams and refuse the rest with 400`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => owner.client.post('/organization/create-team', { name: `Team ${i}` })),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.teamLimitReached);
      const teams = await db(h()).selectFrom('team').select('id').where('organizationId', '=', organizationId).execute();
      expect(teams).toHaveLength(LIMIT);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true, maximumTeams: LIMIT } })] },
);

describeEachDialect(
  'organization limit under parallel create requests',
  (h) => {
    it(`${PARALLEL} parallel creates by one user with organizationLimit ${LIMIT} make exactly ${LIMIT} organizations and refuse the rest with 403`, async () => {
      const { client, user } = await h().signUp();
      const prefix = `par-${Math.random().toString(36).slice(2, 8)}`;
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => client.post('/organization/create', { name: `Org ${i}`, slug: `${prefix}-${i}` })),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.organizationLimitReached);
      const members = await db(h()).selectFrom('member').select('organizationId').where('userId', '=', user.id).execute();
      expect(members).toHaveLength(LIMIT);
      const organizations = await db(h()).selectFrom('organization').select('id').where('slug', 'like', `${prefix}-%`).execute();
      expect(organizations.map((o) => o.id).sort()).toEqual(members.map((m) => m.organizationId).sort());
    });
  },
  { plugins: [organizationPlugin({ organizationLimit: LIMIT })] },
);

describeEachDialect(
  'last team under parallel remove-team requests',
  (h) => {
    it(`${PARALLEL} parallel removes of all ${PARALLEL} teams of an organization remove ${PARALLEL - 1}, keep one and refuse the last with 400`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const teamIds = Array.from({ length: PARALLEL }, (_, i) => `${organizationId}-team-${i}`);
      await db(h())
        .insertInto('team')
        .values(teamIds.map((id) => ({ id, name: id, organizationId, createdAt: h().clock.now(), updatedAt: null })))
        .execute();
      const responses = await Promise.all(teamIds.map((teamId) => owner.client.post('/organization/remove-team', { teamId, organizationId })));
      expectLimitHeld(responses, ORGANIZATION_ERRORS.unableToRemoveLastTeam, PARALLEL - 1);
      const left = await db(h()).selectFrom('team').select('id').where('organizationId', '=', organizationId).execute();
      expect(left).toHaveLength(1);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
);

/** The owner holds one seat, so `LIMIT` more fit. */
const MEMBERSHIP_LIMIT = LIMIT + 1;

describeEachDialect(
  'membership limit under parallel joins',
  (h) => {
    /** Signed-up users with verified addresses (the only kind that may accept), none a member yet. */
    async function verifiedUsers(count: number) {
      const users = [];
      for (let i = 0; i < count; i++) users.push(await h().signUp(uniqueEmail('joiner')));
      await db(h())
        .updateTable('user')
        .set({ emailVerified: true } as never)
        .where('id', 'in', users.map((u) => u.user.id))
        .execute();
      return users;
    }

    async function memberCount(organizationId: string): Promise<number> {
      return (await db(h()).selectFrom('member').select('id').where('organizationId', '=', organizationId).execute()).length;
    }

    it(`${PARALLEL} parallel accepts with membershipLimit ${MEMBERSHIP_LIMIT} admit exactly ${LIMIT} beside the owner and refuse the rest with 403`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const joiners = await verifiedUsers(PARALLEL);
      // Rows, not invite-member: invitations count against the limit too, so only LIMIT could be sent.
      const invitationIds = joiners.map((j) => `${organizationId}-inv-${j.user.id}`);
      await db(h())
        .insertInto('invitation')
        .values(
          joiners.map((j, i) => ({
            id: invitationIds[i]!,
            organizationId,
            email: j.user.email,
            role: 'member',
            status: 'pending',
            teamId: null,
            inviterId: owner.user.id,
            expiresAt: new Date(h().clock.now().getTime() + 3600_000),
            createdAt: h().clock.now(),
          })),
        )
        .execute();
      const responses = await Promise.all(
        joiners.map((j, i) => j.client.post('/organization/accept-invitation', { invitationId: invitationIds[i] })),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.membershipLimitReached);
      expect(await memberCount(organizationId)).toBe(MEMBERSHIP_LIMIT);
      // A refused accept rolls back whole: its invitation stays pending.
      const invitations = await db(h()).selectFrom('invitation').select('status').where('organizationId', '=', organizationId).execute();
      expect(invitations.filter((i) => i.status === 'accepted')).toHaveLength(LIMIT);
      expect(invitations.filter((i) => i.status === 'pending')).toHaveLength(PARALLEL - LIMIT);
    });

    it(`${PARALLEL} parallel auth.api.addMember calls with membershipLimit ${MEMBERSHIP_LIMIT} add exactly ${LIMIT} beside the owner and refuse the rest with 403`, async () => {
      const { organizationId } = await seedOrganization(h());
      const joiners = await verifiedUsers(PARALLEL);
      const addMember = (h().auth.api as unknown as Record<string, (input: { body: unknown }) => Promise<unknown>>).addMember!;
      const results = await Promise.allSettled(joiners.map((j) => addMember({ body: { userId: j.user.id, role: 'member', organizationId } })));
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(results.length - refused.length).toBe(LIMIT);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AuthError);
        expect((r.reason as AuthError).entry).toBe(ORGANIZATION_ERRORS.membershipLimitReached);
      }
      expect(await memberCount(organizationId)).toBe(MEMBERSHIP_LIMIT);
    });
  },
  { plugins: [organizationPlugin({ membershipLimit: MEMBERSHIP_LIMIT })] },
);
