/**
 * @module The count-then-insert limits (teams.maximumTeams, organizationLimit) under parallel
 * requests: a check made before the insert, outside a lock, lets each of several requests see room
 * for one more.
 */
import { expect, it } from 'vitest';
import { organizationPlugin } from '../../src';
import { ORGANIZATION_ERRORS } from '../../src/plugins/organization';
import { organizationDb } from '../../src/plugins/organization/tables';
import { describeEachDialect, type Harness, type TestResponse } from '../support/harness';

const LIMIT = 3;
const PARALLEL = 8;

function db(h: Harness) {
  return organizationDb(h.auth.context);
}

type Entry = { status: number; code: string; message: string };

/** Exactly `LIMIT` answered 200, and every other one the catalogue entry. */
function expectLimitHeld(responses: TestResponse[], entry: Entry): void {
  const refused = responses.filter((r) => r.status !== 200);
  expect(responses.length - refused.length).toBe(LIMIT);
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
