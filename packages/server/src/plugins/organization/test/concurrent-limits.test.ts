/**
 * @module The count-then-act checks (teams.maximumTeams, organizationLimit, membershipLimit for
 * members and invitations, an organization's last team and its last owner, one open invitation per
 * address) under parallel requests: a check made before the write, outside a lock, lets each of
 * several requests see room for one more (or one more team, or owner, left, or no invitation yet).
 *
 * Each guard is a row lock taken by inLockedTransaction (plugins/organization/locked-transaction.ts)
 * around the check and the write, named per suite below: without it they go red on PostgreSQL and
 * MySQL. Not on SQLite, where the engine's one connection runs each transaction alone whatever the
 * lock (`racesInTransactions`), so the suites skip it.
 */
import { expect, it } from 'vitest';
import { expectError, type ExpectedError } from '../../../../../../test/expect-error';
import { AuthError, organizationPlugin } from '../../..';
import { ORGANIZATION_ERRORS } from '..';
import {
  describeEachDialect,
  racesInTransactions,
  uniqueEmail,
  type Harness,
  type TestResponse,
} from '../../../../test/support/harness';
import { holdingTransactions } from '../../../../test/support/held-calls';
import { db, insertInvitation, insertMember, insertOrganization, setActiveOrganizationRow } from './rows';

const LIMIT = 3;
const PARALLEL = 8;

/** Exactly `admitted` (default `LIMIT`) answered 200, and every other one the catalogue entry. */
async function expectLimitHeld(responses: TestResponse[], entry: ExpectedError, admitted = LIMIT): Promise<void> {
  const refused = responses.filter((r) => r.status !== 200);
  expect(responses.length - refused.length).toBe(admitted);
  for (const r of refused) await expectError(r, entry);
}

/** How many rows of `table` belong to the organization. */
async function rowsIn(h: Harness, table: 'member' | 'invitation' | 'team', organizationId: string): Promise<number> {
  const rows = await db(h).selectFrom(table).select('id').where('organizationId', '=', organizationId).execute();
  return rows.length;
}

/** An organization of rows with its owner, active in the owner's session: creating it is another suite's job. */
async function seedOrganization(h: Harness) {
  const organizationId = await insertOrganization(h);
  const owner = await h.signUp();
  const memberId = await insertMember(h, organizationId, owner.user.id, 'owner');
  await setActiveOrganizationRow(h, owner.user.id, organizationId);
  return { organizationId, owner: { ...owner, memberId } };
}

// Guard: insertTeam (organization/store/teams.ts) counts and inserts behind the organization row's lock.
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
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.teamLimitReached);
      expect(await rowsIn(h(), 'team', organizationId)).toBe(LIMIT);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true, maximumTeams: LIMIT } })] },
  racesInTransactions,
);

// Guard: insertOrganization (organization/store/organizations.ts) counts and inserts behind the creator's user row lock.
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
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.organizationLimitReached);
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
  racesInTransactions,
);

// Guard: deleteTeam (organization/store/teams.ts) counts the teams and deletes behind the organization row's lock.
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
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.unableToRemoveLastTeam, PARALLEL - 1);
      expect(await rowsIn(h(), 'team', organizationId)).toBe(1);
    });
  },
  { plugins: [organizationPlugin({ teams: { enabled: true } })] },
  racesInTransactions,
);

const SAME_ADDRESS = 6;

// Guard: inviteWithinLimit (organization/store/invite-and-join.ts) looks for an open invitation and inserts
// behind the organization row's lock (no index stops two open invitations to one address).
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
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.alreadyInvited, 1);
      expect(await rowsIn(h(), 'invitation', organizationId)).toBe(1);
    });
  },
  { plugins: [organizationPlugin()] },
  racesInTransactions,
);

/** Two owners, the organization's only ones: the seeded one and a second. */
async function seedTwoOwners(h: Harness) {
  const { organizationId, owner } = await seedOrganization(h);
  const second = await h.signUp();
  const secondMemberId = await insertMember(h, organizationId, second.user.id, 'owner');
  return { organizationId, owners: [owner, { ...second, memberId: secondMemberId }] };
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

// Guards: deleteMembership (leave, remove-member) and setMemberRole (update-member-role) in
// organization/store/membership-changes.ts count the owners and write behind the organization row's lock.
describeEachDialect(
  'last owner under parallel leave, demotion and removal',
  (h) => {
    it('the only two owners leaving in parallel: one leaves, the other is refused with 400 cannot leave as the only owner and stays owner', async () => {
      const { organizationId, owners } = await seedTwoOwners(h());
      const responses = await Promise.all(owners.map((o) => o.client.post('/organization/leave', { organizationId })));
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner, 1);
      expect(await ownerCount(h(), organizationId)).toBe(1);
    });

    it('the only two owners each demoting themselves to admin in parallel: one is demoted, the other is refused with 400 cannot leave without an owner and stays owner', async () => {
      const { organizationId, owners } = await seedTwoOwners(h());
      // Both begin their transaction together: otherwise one commonly commits before the other counts.
      const responses = await holdingTransactions(h().auth.context.db, 2, () =>
        Promise.all(
          owners.map((o) =>
            o.client.post('/organization/update-member-role', { role: 'admin', memberId: o.memberId, organizationId }),
          ),
        ),
      );
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.cannotLeaveWithoutOwner, 1);
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
  racesInTransactions,
);

/** The owner holds one seat, so `LIMIT` more fit. */
const MEMBERSHIP_LIMIT = LIMIT + 1;

// Guards, each counting seats and writing behind the organization row's lock (organization/store/invite-and-join.ts, membership-changes.ts):
// joinByInvitation (accept-invitation), createMembership (addMember), inviteWithinLimit (invite-member).
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

    it(`${PARALLEL} parallel accepts with membershipLimit ${MEMBERSHIP_LIMIT} admit exactly ${LIMIT} beside the owner and refuse the rest with 403`, async () => {
      const { organizationId, owner } = await seedOrganization(h());
      const joiners = await verifiedUsers(PARALLEL);
      // Rows, not invite-member: invitations count against the limit too, so only LIMIT could be sent.
      const expiresAt = new Date(h().clock.now().getTime() + 3600_000);
      const invitationIds: string[] = [];
      for (const j of joiners) {
        invitationIds.push(
          await insertInvitation(h(), { organizationId, inviterId: owner.user.id, email: j.user.email, expiresAt }),
        );
      }
      const responses = await Promise.all(
        joiners.map((j, i) => j.client.post('/organization/accept-invitation', { invitationId: invitationIds[i] })),
      );
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.membershipLimitReached);
      expect(await rowsIn(h(), 'member', organizationId)).toBe(MEMBERSHIP_LIMIT);
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
      expect(await rowsIn(h(), 'member', organizationId)).toBe(MEMBERSHIP_LIMIT);
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
      await expectLimitHeld(responses, ORGANIZATION_ERRORS.membershipLimitReached);
      expect(await rowsIn(h(), 'invitation', organizationId)).toBe(LIMIT);
    });
  },
  { plugins: [organizationPlugin({ membershipLimit: MEMBERSHIP_LIMIT })] },
  racesInTransactions,
);
