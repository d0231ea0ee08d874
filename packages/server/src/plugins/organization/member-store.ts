/**
 * @module The member routes' queries, written once: members with their user (better-auth's wire
 * shape), owners, counting, the membership limit's seats (add-member, accept-invitation,
 * invite-member with its other checks), removal with what hangs on a membership (team seats,
 * sessions whose active organization it was), role changes, and the role names a route may store.
 * Every write that could leave an organization without an owner, over its limit or with two open
 * invitations to one address checks behind the organization row's lock (locked-transaction.ts).
 */
import type { Kysely } from 'kysely';
import {
  AuthError,
  DEFAULTS,
  isUniqueViolation,
  normalizeEmail,
  randomString,
  type AuthContext,
  type ErrorEntry,
  type SessionScope,
} from '../../plugin';
import { memberRoles } from './access-control';
import { ORGANIZATION_ERRORS } from './errors';
import {
  countOpenInvitations,
  extendInvitation,
  findOpenInvitation,
  insertInvitation,
  settleInvitation,
  type Invitation,
  type NewInvitation,
} from './invitation-store';
import { inLockedTransaction } from './locked-transaction';
import { activeOrganizationOf, type Member } from './membership';
import type { ResolvedOrganizationOptions } from './options';
import { organizationDb, organizationSchema, type OrganizationDatabase } from './tables';
import { requireTeamOf } from './team-store';

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type MemberWithUser = Member & { user: MemberUser };

function memberWithUserQuery(auth: AuthContext) {
  return organizationDb(auth)
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select([
      'member.id',
      'member.organizationId',
      'member.userId',
      'member.role',
      'member.teamId',
      'member.createdAt',
      'user.name as userName',
      'user.email as userEmail',
      'user.image as userImage',
    ]);
}

type MemberUserRow = Member & { userName: string; userEmail: string; userImage: string | null };

function toMemberWithUser({ userName, userEmail, userImage, ...member }: MemberUserRow): MemberWithUser {
  return { ...member, user: { id: member.userId, name: userName, email: userEmail, image: userImage } };
}

export async function findMemberWithUser(
  auth: AuthContext,
  organizationId: string,
  userId: string,
): Promise<MemberWithUser | null> {
  const row = await memberWithUserQuery(auth)
    .where('member.organizationId', '=', organizationId)
    .where('member.userId', '=', userId)
    .executeTakeFirst();
  return row ? toMemberWithUser(row) : null;
}

/** A member of the organization by member id, or by its user's e-mail (anything with an `@`). */
export async function findMemberByIdOrEmail(
  auth: AuthContext,
  organizationId: string,
  idOrEmail: string,
): Promise<MemberWithUser | null> {
  let query = memberWithUserQuery(auth).where('member.organizationId', '=', organizationId);
  query = idOrEmail.includes('@')
    ? query.where('user.email', '=', normalizeEmail(idOrEmail) ?? idOrEmail)
    : query.where('member.id', '=', idOrEmail);
  const row = await query.executeTakeFirst();
  return row ? toMemberWithUser(row) : null;
}

/**
 * One page of the organization's members, oldest first (a stable order for paging), which the
 * member (organizationId, createdAt, id) index gives without sorting the organization.
 */
export async function listMembersWithUser(
  auth: AuthContext,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<MemberWithUser[]> {
  const rows = await memberWithUserQuery(auth)
    .where('member.organizationId', '=', organizationId)
    .orderBy('member.createdAt', 'asc')
    .orderBy('member.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toMemberWithUser);
}

/**
 * Member rows of one organization (its size, for the membership limit) or of one user (the
 * organizations they belong to, for the organization limit). Read through `db`: a limit is counted
 * inside the transaction that holds its lock.
 */
export async function countMemberRows(
  db: Kysely<OrganizationDatabase>,
  by: 'organizationId' | 'userId',
  id: string,
): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(by, '=', id)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function countMembers(auth: AuthContext, organizationId: string): Promise<number> {
  return countMemberRows(organizationDb(auth), 'organizationId', organizationId);
}

export function isOwner(options: ResolvedOrganizationOptions, member: Pick<Member, 'role'>): boolean {
  return memberRoles(member.role).includes(options.creatorRole);
}

/**
 * `refusal` (400) when the member is the organization's only owner, so it always keeps someone
 * who may delete it. Roles are read inside the caller's transaction, which holds the organization
 * row's lock: two owners stepping down in parallel count one after the other, and a role changed
 * since the route read it counts as it is now. Roles are comma lists, so owners are picked out
 * here, not in SQL.
 */
async function refuseRemovingOnlyOwner(
  trx: Kysely<OrganizationDatabase>,
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'id' | 'organizationId'>,
  refusal: ErrorEntry,
) {
  const rows = await trx
    .selectFrom('member')
    .select(['id', 'role'])
    .where('organizationId', '=', member.organizationId)
    .execute();
  const owners = rows.filter((row) => isOwner(options, row));
  if (owners.length === 1 && owners[0]?.id === member.id) throw new AuthError(refusal);
}

/**
 * Every name must be one of the roles table's own keys (`Object.hasOwn`: `constructor` is not a
 * role), else 400 `Role not found`; stored comma-joined as better-auth stores several roles.
 */
export function toStoredMemberRole(options: ResolvedOrganizationOptions, role: string | readonly string[]): string {
  const names = (Array.isArray(role) ? role : [role]).flatMap((r: string) => memberRoles(r));
  if (names.length === 0) throw new AuthError(ORGANIZATION_ERRORS.roleNotFound);
  for (const name of names) {
    if (!Object.hasOwn(options.roles, name)) throw new AuthError(ORGANIZATION_ERRORS.roleNotFound);
  }
  return [...new Set(names)].join(',');
}

/**
 * Removes a membership with what depends on it: the user's seats in the organization's teams, and
 * the organization (and its team) as the active one of the user's sessions (SPEC §4: cleared on
 * leave and removal), so no session keeps pointing at an organization it may no longer use.
 * 400 `cannot leave as the only owner` for the only owner, checked behind the organization row's
 * lock (taken before any of those rows, as every locked transaction does).
 */
export async function deleteMembership(
  auth: AuthContext,
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'id' | 'organizationId' | 'userId'>,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, async (trx) => {
    await refuseRemovingOnlyOwner(trx, options, member, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner);
    const teamIds = trx.selectFrom('team').select('id').where('organizationId', '=', member.organizationId);
    await trx.deleteFrom('teamMember').where('userId', '=', member.userId).where('teamId', 'in', teamIds).execute();
    await trx.deleteFrom('member').where('id', '=', member.id).execute();
    await organizationSchema.updateSessions(
      auth,
      trx,
      { userId: member.userId, activeOrganizationId: member.organizationId },
      { activeOrganizationId: null, activeTeamId: null },
    );
  });
}

/**
 * Mirrors deleteMembership's update of the caller's sessions in the current one, whose cookie cache
 * then shows it at once.
 */
export async function forgetActiveOrganization(ctx: SessionScope, organizationId: string): Promise<void> {
  if (activeOrganizationOf(ctx.session) !== organizationId) return;
  await organizationSchema.updateCurrentSession(ctx, { activeOrganizationId: null, activeTeamId: null });
}

type NewMember = Omit<Member, 'createdAt'> & { createdAt: Date };

/**
 * Inserts a membership, and the team membership when `teamId` names a team that still exists,
 * inside the caller's transaction; answers the team seated in, if any. The unique
 * (organizationId, userId) index decides races: the loser gets 400 `already a member`.
 */
async function insertMember(
  trx: Kysely<OrganizationDatabase>,
  member: NewMember,
  teamId: string | null | undefined,
): Promise<string | null> {
  try {
    await trx.insertInto('member').values(member).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
    throw error;
  }
  if (!teamId) return null;
  const team = await trx.selectFrom('team').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) return null;
  await trx
    .insertInto('teamMember')
    .values({
      id: randomString(DEFAULTS.idLength),
      teamId: team.id,
      userId: member.userId,
      createdAt: member.createdAt,
    })
    .execute();
  return team.id;
}

/** 403 `membership limit reached` once the organization has `membershipLimit` members, else the insert; the caller holds the organization row's lock. */
async function insertMemberWithinLimit(
  trx: Kysely<OrganizationDatabase>,
  member: NewMember,
  teamId: string | null | undefined,
  membershipLimit: number,
) {
  if ((await countMemberRows(trx, 'organizationId', member.organizationId)) >= membershipLimit)
    throw new AuthError(ORGANIZATION_ERRORS.membershipLimitReached);
  return insertMember(trx, member, teamId);
}

/**
 * add-member's insert (with its team seat), within the membership limit: counted and inserted in
 * one transaction behind the organization row's lock, so parallel adds queue instead of each
 * seeing room for one more.
 */
export async function createMembership(
  auth: AuthContext,
  member: NewMember,
  teamId: string | null | undefined,
  membershipLimit: number,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, (trx) =>
    insertMemberWithinLimit(trx, member, teamId, membershipLimit),
  );
}

/**
 * accept-invitation's writes, all or none, behind the organization row's lock (the one add-member
 * takes), so parallel accepts count members one at a time. The status change is conditional on
 * `pending`, so of concurrent accepts of one invitation only the first gets past it. Answers the
 * team the member was seated in: the invitation's, unless that team has been removed since.
 */
export async function joinByInvitation(
  auth: AuthContext,
  invitation: Invitation,
  member: NewMember,
  membershipLimit: number,
): Promise<string | null> {
  return inLockedTransaction(auth, { table: 'organization', id: invitation.organizationId }, async (trx) => {
    if (!(await settleInvitation(trx, invitation.id, 'accepted')))
      throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
    return insertMemberWithinLimit(trx, member, invitation.teamId, membershipLimit);
  });
}

async function isMemberByEmail(
  db: Kysely<OrganizationDatabase>,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select('member.id')
    .where('member.organizationId', '=', organizationId)
    .where('user.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * invite-member's checks and write, in one transaction behind the organization row's lock that
 * add-member and accept-invitation take: no invitation table index stops two open invitations to
 * one address, so parallel invitations must queue for the check to see each other. In order: 400
 * `already a member`; an open invitation to the address answers 400 `already invited`, unless
 * `resend`, which extends that one; 400 `Team not found` for a team outside the organization; 403
 * `membership limit reached` once members and open invitations (which hold seats, else accepting
 * them all could overshoot) fill it; else a new invitation.
 */
export async function inviteWithinLimit(
  auth: AuthContext,
  fields: NewInvitation,
  { membershipLimit, resend }: { membershipLimit: number; resend: boolean },
): Promise<Invitation> {
  const now = auth.now();
  const { organizationId, email } = fields;
  return inLockedTransaction(auth, { table: 'organization', id: organizationId }, async (trx) => {
    if (await isMemberByEmail(trx, organizationId, email)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
    const open = await findOpenInvitation(trx, organizationId, email, now);
    if (open) {
      if (!resend) throw new AuthError(ORGANIZATION_ERRORS.alreadyInvited);
      return extendInvitation(trx, open, fields.expiresAt);
    }
    if (fields.teamId !== null) await requireTeamOf(trx, fields.teamId, organizationId);
    const seats =
      (await countMemberRows(trx, 'organizationId', organizationId)) +
      (await countOpenInvitations(trx, organizationId, now));
    if (seats >= membershipLimit) throw new AuthError(ORGANIZATION_ERRORS.membershipLimitReached);
    return insertInvitation(trx, fields, now);
  });
}

/**
 * Stores `role` as toStoredMemberRole made it (comma-joined names). A role without the owner's
 * takes 400 `cannot leave the organization without an owner` (better-auth's entry for a role
 * change) from the only owner, checked behind the organization row's lock, so two owners demoted
 * in parallel cannot both lose it.
 */
export async function setMemberRole(
  auth: AuthContext,
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'id' | 'organizationId'>,
  role: string,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, async (trx) => {
    if (!isOwner(options, { role }))
      await refuseRemovingOnlyOwner(trx, options, member, ORGANIZATION_ERRORS.cannotLeaveWithoutOwner);
    await trx.updateTable('member').set({ role }).where('id', '=', member.id).execute();
  });
}
