/**
 * @module Organization rows written straight to the database, for the suites about one route that
 * need an organization, its members, teams or invitations to exist without going through the
 * routes that make them (those have suites of their own).
 */
import { organizationDb } from '../schema';
import type { Harness } from '../../../../test/support/harness';

export function db(h: Harness) {
  return organizationDb(h.auth.context);
}

function randomId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 12)}`;
}

/** An organization without logo or metadata; its id doubles as name and slug unless they are given. */
export async function insertOrganization(
  h: Harness,
  fields: { id?: string; name?: string; slug?: string } = {},
): Promise<string> {
  const id = fields.id ?? randomId('org');
  await db(h)
    .insertInto('organization')
    .values({
      id,
      name: fields.name ?? id,
      slug: fields.slug ?? id,
      logo: null,
      metadata: null,
      createdAt: h.clock.now(),
    })
    .execute();
  return id;
}

/** A membership with the given role(s); answers the member id. */
export async function insertMember(h: Harness, organizationId: string, userId: string, role: string): Promise<string> {
  const id = randomId('member');
  await db(h)
    .insertInto('member')
    .values({ id, organizationId, userId, role, teamId: null, createdAt: h.clock.now() })
    .execute();
  return id;
}

/** A team of the organization with these users in it; answers the team id. */
export async function insertTeam(
  h: Harness,
  organizationId: string,
  name: string,
  userIds: readonly string[] = [],
): Promise<string> {
  const id = randomId('team');
  const now = h.clock.now();
  await db(h).insertInto('team').values({ id, name, organizationId, createdAt: now, updatedAt: now }).execute();
  for (const userId of userIds) {
    await db(h)
      .insertInto('teamMember')
      .values({ id: `${id}-${userId}`, teamId: id, userId, createdAt: now })
      .execute();
  }
  return id;
}

/** A pending invitation to the member role; answers its id. */
export async function insertInvitation(
  h: Harness,
  invitation: { organizationId: string; inviterId: string; email: string; expiresAt: Date },
): Promise<string> {
  const id = randomId('invitation');
  await db(h)
    .insertInto('invitation')
    .values({ ...invitation, id, role: 'member', status: 'pending', teamId: null, createdAt: h.clock.now() })
    .execute();
  return id;
}

/** Makes the organization active in the rows of all the user's sessions (not in their cookie caches). */
export async function setActiveOrganizationRow(h: Harness, userId: string, organizationId: string | null) {
  await db(h)
    .updateTable('session')
    .set({ activeOrganizationId: organizationId })
    .where('userId', '=', userId)
    .execute();
}

export async function memberRow(h: Harness, organizationId: string, userId: string) {
  return db(h)
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}
