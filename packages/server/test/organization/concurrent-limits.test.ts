/**
 * @module The count-then-act checks (teams.maximumTeams, organizationLimit, membershipLimit for
 * members and invitations, an organization's last team and its last owner, one open invitation per
 * address) under parallel requests: a check made before the write, outside a lock, lets each of
 * several requests see room for one more (or one more team, or owner, left, or no invitation yet).
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
  await db(h)
    .insertInto('organization')
    .values({ id, name: id, slug: id, logo: null, metadata: null, createdAt: h.clock.now() })
    .execute();
  const owner = await h.signUp();
  await db(h)
    .insertInto('member')
    .values({
      id: `${id}-owner`,
      organizationId: id,
      userId: owner.user.id,
      role: 'owner',
      teamId: null,
      createdAt: h.clock.now(),
    })
    .execute();
  await db(h).updateTable('session').set({ activeOrganizationId: id }).where('userId', '=', owner.user.id).execute();
  return { organizationId: id, owner };
}

describeEachDialect(
  'team limit under parallel create-team requests',
  (h) => {
    it(`${PARALLEL} parallel create-team requests with maximumTeams ${LIMIT} create exactly ${LIMIT} teams and refuse the rest with 400`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          owner.client.post('/organization/create-team', { name: `Team ${i}` }),
        ),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.teamLimitReached);
      const teams = await db(h())
        .selectFrom('team')
        .select('id')
        .where('organizationId', '=', organizationId)
        .execute();
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
        Array.from({ length: PARALLEL }, (_, i) =>
          client.post('/organization/create', { name: `Org ${i}`, slug: `${prefix}-${i}` }),
        ),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.organizationLimitReached);
      const members = await db(h())
        .selectFrom('member')
        .select('organizationId')
        .where('userId', '=', user.id)
        .execute();
      expect(members).toHaveLength(LIMIT);
      const organizations = await db(h())
        .selectFrom('organization')
        .select('id')
        .where('slug', 'like', `${prefix}-%`)
        .execute();
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
      const responses = await Promise.all(
        teamIds.map((teamId) => owner.client.post('/organization/remove-team', { teamId, organizationId })),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.unableToRemoveLastTeam, PARALLEL - 1);
      const left = await db(h()).selectFrom('team').select('id').where('organizationId', '=', organizationId).execute();
      expect(left).toHaveLength(1);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
);

const SAME_ADDRESS = 6;

describeEachDialect(
  'one open invitation per address under parallel invite-member requests',
  (h) => {
    it(`${SAME_ADDRESS} parallel invitations to one address create exactly one invitation and refuse the rest with 400 already invited`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const email = uniqueEmail('invited-once');
      const responses = await Promise.all(
        Array.from({ length: SAME_ADDRESS }, () =>
          owner.client.post('/organization/invite-member', { email, role: 'member', organizationId }),
        ),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.alreadyInvited, 1);
      const invitations = await db(h())
        .selectFrom('invitation')
        .select('id')
        .where('organizationId', '=', organizationId)
        .execute();
      expect(invitations).toHaveLength(1);
    });
  },
  { plugins: [organizationPlugin()] },
);

/** Two owners, the organization's only ones: the seeded one and a second. */
async function seedTwoOwners(h: Harness) {
  const { organizationId, owner } = await seedOrganization(h);
  const second = await h.signUp();
  const secondMemberId = `${organizationId}-owner-2`;
  await db(h)
    .insertInto('member')
    .values({
      id: secondMemberId,
      organizationId,
      userId: second.user.id,
      role: 'owner',
      teamId: null,
      createdAt: h.clock.now(),
    })
    .execute();
  return {
    organizationId,
    owners: [
      { ...owner, memberId: `${organizationId}-owner` },
      { ...second, memberId: secondMemberId },
    ],
  };
}

async function ownerCount(h: Harness, organizationId: string): Promise<number> {
  return (
    await db(h)
      .selectFrom('member')
      .select('id')
      .where('organizationId', '=', organizationId)
      .where('role', '=', 'owner')
      .execute()
  ).length;
}

describeEachDialect(
  'last owner under parallel leave, demotion and removal',
  (h) => {
    it('the only two owners leaving in parallel: one leaves, the other is refused with 400 cannot leave as the only owner and stays owner', async () => {
      const { organizationId, owners } = await seedTwoOwners(h());
      const responses = await Promise.all(owners.map((o) => o.client.post('/organization/leave', { organizationId })));
      expectLimitHeld(responses, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner, 1);
      expect(await ownerCount(h(), organizationId)).toBe(1);
    });

    it('the only two owners each demoting themselves to admin in parallel: one is demoted, the other is refused with 400 cannot leave without an owner and stays owner', async () => {
      const { organizationId, owners } = await seedTwoOwners(h());
      const responses = await Promise.all(
        owners.map((o) =>
          o.client.post('/organization/update-member-role', { role: 'admin', memberId: o.memberId, organizationId }),
        ),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.cannotLeaveWithoutOwner, 1);
      expect(await ownerCount(h(), organizationId)).toBe(1);
    });

    // Only an owner may remove an owner, so the only two owners remove each other. Which refusal
    // the loser gets depends on timing: 400 when it got past its membership check before the
    // winner committed (the race the lock closes), 403 not a member when it did not.
    it('the only two owners removing each other in parallel: one is removed, the other is refused and stays owner', async () => {
      const { organizationId, owners } = await seedTwoOwners(h());
      const [first, second] = owners as [(typeof owners)[0], (typeof owners)[0]];
      const responses = await Promise.all([
        first.client.post('/organization/remove-member', { memberIdOrEmail: second.memberId, organizationId }),
        second.client.post('/organization/remove-member', { memberIdOrEmail: first.memberId, organizationId }),
      ]);
      const refused = responses.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(1);
      expect([ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner, ORGANIZATION_ERRORS.notAMember]).toContainEqual({
        status: refused[0]?.status,
        code: refused[0]?.body?.code,
        message: refused[0]?.body?.message,
      });
      expect(await ownerCount(h(), organizationId)).toBe(1);
    });
  },
  { plugins: [organizationPlugin()] },
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
        .where(
          'id',
          'in',
          users.map((u) => u.user.id),
        )
        .execute();
      return users;
    }

    async function memberCount(organizationId: string): Promise<number> {
      return (await db(h()).selectFrom('member').select('id').where('organizationId', '=', organizationId).execute())
        .length;
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
      const invitations = await db(h())
        .selectFrom('invitation')
        .select('status')
        .where('organizationId', '=', organizationId)
        .execute();
      expect(invitations.filter((i) => i.status === 'accepted')).toHaveLength(LIMIT);
      expect(invitations.filter((i) => i.status === 'pending')).toHaveLength(PARALLEL - LIMIT);
    });

    it(`${PARALLEL} parallel auth.api.addMember calls with membershipLimit ${MEMBERSHIP_LIMIT} add exactly ${LIMIT} beside the owner and refuse the rest with 403`, async () => {
      const { organizationId } = await seedOrganization(h());
      const joiners = await verifiedUsers(PARALLEL);
      const addMember = (h().auth.api as unknown as Record<string, (input: { body: unknown }) => Promise<unknown>>)
        .addMember!;
      const results = await Promise.allSettled(
        joiners.map((j) => addMember({ body: { userId: j.user.id, role: 'member', organizationId } })),
      );
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(results.length - refused.length).toBe(LIMIT);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AuthError);
        expect((r.reason as AuthError).entry).toBe(ORGANIZATION_ERRORS.membershipLimitReached);
      }
      expect(await memberCount(organizationId)).toBe(MEMBERSHIP_LIMIT);
    });

    it(`${PARALLEL} parallel invitations with membershipLimit ${MEMBERSHIP_LIMIT} create exactly ${LIMIT} beside the owner and refuse the rest with 403`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          owner.client.post('/organization/invite-member', {
            email: uniqueEmail('invitee'),
            role: 'member',
            organizationId,
          }),
        ),
      );
      expectLimitHeld(responses, ORGANIZATION_ERRORS.membershipLimitReached);
      const invitations = await db(h())
        .selectFrom('invitation')
        .select('id')
        .where('organizationId', '=', organizationId)
        .execute();
      expect(invitations).toHaveLength(LIMIT);
    });
  },
  { plugins: [organizationPlugin({ membershipLimit: MEMBERSHIP_LIMIT })] },
);
