/**
 * @module The invitation table's queries, written once for every invitation route. Status changes
 * are conditional on the invitation still being pending, so two requests racing over one
 * invitation (two accepts, an accept and a cancel) cannot both win.
 */
import type { Kysely, Selectable } from 'kysely';
import { DEFAULTS, randomString, type PluginHost } from '../../../plugin';
import { organizationDb, type InvitationTable, type OrganizationDatabase } from '../schema';

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export type Invitation = Selectable<InvitationTable>;

/** The columns better-auth answers, and no other a shared database's table may hold. */
export function toInvitation(row: Selectable<InvitationTable>): Invitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
    status: row.status,
    teamId: row.teamId,
    inviterId: row.inviterId,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/** Only a pending invitation whose time has not run out can still be answered (SPEC §4). */
export function isOpen(invitation: Invitation, now: Date): boolean {
  return invitation.status === 'pending' && invitation.expiresAt > now;
}

export async function findInvitation(auth: PluginHost, id: string): Promise<Invitation | null> {
  const row = await organizationDb(auth).selectFrom('invitation').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toInvitation(row) : null;
}

/**
 * Inside the caller's transaction, as the insert and the extension below: invite-member looks for
 * an open invitation behind the organization row's lock (inviteWithinLimit, invite-and-join.ts), so two
 * parallel invitations to one address cannot both find none.
 */
export async function findOpenInvitation(
  db: Kysely<OrganizationDatabase>,
  organizationId: string,
  email: string,
  now: Date,
): Promise<Invitation | null> {
  const row = await db
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ? toInvitation(row) : null;
}

export type NewInvitation = Omit<Invitation, 'id' | 'status' | 'createdAt'>;

export async function insertInvitation(
  db: Kysely<OrganizationDatabase>,
  fields: NewInvitation,
  now: Date,
): Promise<Invitation> {
  const invitation: Invitation = { ...fields, id: randomString(DEFAULTS.idLength), status: 'pending', createdAt: now };
  await db.insertInto('invitation').values(invitation).execute();
  return invitation;
}

export async function extendInvitation(
  db: Kysely<OrganizationDatabase>,
  invitation: Invitation,
  expiresAt: Date,
): Promise<Invitation> {
  await db.updateTable('invitation').set({ expiresAt }).where('id', '=', invitation.id).execute();
  return { ...invitation, expiresAt };
}

/**
 * Moves a pending invitation to `status`; false when it was no longer pending. Given a transaction,
 * the row stays locked until it ends, so a concurrent settle waits and then finds it settled.
 */
export async function settleInvitation(
  db: Kysely<OrganizationDatabase>,
  id: string,
  status: Exclude<InvitationStatus, 'pending'>,
): Promise<boolean> {
  const result = await db
    .updateTable('invitation')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function countOpenInvitations(
  db: Kysely<OrganizationDatabase>,
  organizationId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('invitation')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function listOrganizationInvitations(auth: PluginHost, organizationId: string): Promise<Invitation[]> {
  const rows = await organizationDb(auth)
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .execute();
  return rows.map(toInvitation);
}

/** A user's open invitations, each with its organization's name, as better-auth lists them. */
export async function listOpenInvitationsFor(
  auth: PluginHost,
  email: string,
): Promise<(Invitation & { organizationName: string })[]> {
  const rows = await organizationDb(auth)
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.id', 'invitation.organizationId')
    .selectAll('invitation')
    .select('organization.name as organizationName')
    .where('invitation.email', '=', email)
    .where('invitation.status', '=', 'pending')
    .where('invitation.expiresAt', '>', auth.now())
    .orderBy('invitation.createdAt')
    .execute();
  return rows.map(({ organizationName, ...row }) => ({ ...toInvitation(row), organizationName }));
}
