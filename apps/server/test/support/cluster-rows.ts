/**
 * @module A test cluster's database, seen from the test: the rows a race leaves are read here, and
 * the organizations, members, invitations and teams a race starts from are written here directly,
 * so that only the raced requests go through the instances.
 */
import type { Kysely } from 'kysely';
import { createDatabase } from '../../../../packages/server/src/db/create-database';
import type { OrganizationDatabase } from '../../../../packages/server/src/plugins/organization/schema';
import { uniqueEmail } from './cluster';

/** The engine's tables and what the standalone's plugins add: the organization tables, the username column. */
export type ClusterDatabase = Kysely<OrganizationDatabase & { user: { username: string | null } }>;

export function openClusterDatabase(url: string): ClusterDatabase {
  return createDatabase(url).db as unknown as ClusterDatabase;
}

let ids = 0;
export const rowId = (prefix: string) => `${prefix}-${(ids += 1)}-${Date.now().toString(36)}`;

/** How many rows of each table name the user: none once the account is deleted. */
export async function rowsOfUser(db: ClusterDatabase, userId: string) {
  const count = async (table: 'user' | 'session' | 'account') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where(table === 'user' ? 'id' : 'userId', '=', userId)
        .execute()
    ).length;
  return { users: await count('user'), sessions: await count('session'), accounts: await count('account') };
}

/** Unused one-time tokens of one purpose (`reset-password`, …) issued for the user. */
export async function pendingTokens(db: ClusterDatabase, userId: string, purpose: string): Promise<number> {
  const rows = await db
    .selectFrom('verification')
    .select('id')
    .where('identifier', 'like', `${purpose}:%`)
    .where((eb) => eb.or([eb('value', '=', userId), eb('value', 'like', `${userId}:%`)]))
    .execute();
  return rows.length;
}

/** An organization with these members; answers its id and the member ids, in the order given. */
export async function seedOrganization(db: ClusterDatabase, members: { userId: string; role: string }[]) {
  const organizationId = rowId('org');
  const createdAt = new Date();
  await db
    .insertInto('organization')
    .values({ id: organizationId, name: organizationId, slug: organizationId, logo: null, metadata: null, createdAt })
    .execute();
  const memberIds = members.map(() => rowId('member'));
  await db
    .insertInto('member')
    .values(members.map((m, i) => ({ id: memberIds[i]!, organizationId, ...m, teamId: null, createdAt })))
    .execute();
  return { organizationId, memberIds };
}

/** Users without a session or a password: they only fill seats. */
export async function seedUsers(db: ClusterDatabase, count: number): Promise<string[]> {
  const now = new Date();
  const users = Array.from({ length: count }, () => ({ id: rowId('user'), email: uniqueEmail('seat') }));
  await db
    .insertInto('user')
    .values(
      users.map((u) => ({ ...u, name: 'Seat', emailVerified: true, image: null, createdAt: now, updatedAt: now })),
    )
    .execute();
  return users.map((u) => u.id);
}

/** Pending invitations as members, valid for an hour; answers their ids, in the order of `emails`. */
export async function seedInvitations(
  db: ClusterDatabase,
  organizationId: string,
  inviterId: string,
  emails: string[],
): Promise<string[]> {
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + 3_600_000);
  const fields = { organizationId, inviterId, role: 'member', status: 'pending', teamId: null, expiresAt, createdAt };
  const invitations = emails.map((email) => ({ id: rowId('invitation'), email, ...fields }));
  await db.insertInto('invitation').values(invitations).execute();
  return invitations.map((i) => i.id);
}

export async function seedTeams(db: ClusterDatabase, organizationId: string, count: number): Promise<string[]> {
  const createdAt = new Date();
  const teamIds = Array.from({ length: count }, () => rowId('team'));
  await db
    .insertInto('team')
    .values(teamIds.map((id) => ({ id, name: id, organizationId, createdAt, updatedAt: null })))
    .execute();
  return teamIds;
}

export async function membersOf(db: ClusterDatabase, organizationId: string) {
  return db.selectFrom('member').select(['userId', 'role']).where('organizationId', '=', organizationId).execute();
}

export async function countIn(db: ClusterDatabase, table: 'invitation' | 'team', organizationId: string) {
  return (await db.selectFrom(table).select('id').where('organizationId', '=', organizationId).execute()).length;
}

/** The statuses of the organization's invitations, sorted. */
export async function invitationStatuses(db: ClusterDatabase, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('invitation')
    .select('status')
    .where('organizationId', '=', organizationId)
    .execute();
  return rows.map((row) => row.status).sort();
}
