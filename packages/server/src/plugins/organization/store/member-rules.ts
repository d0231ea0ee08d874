/**
 * @module The rules a membership write keeps, checked inside the caller's transaction, which holds
 * the organization row's lock (locked-transaction.ts): an organization keeps an owner, its members
 * stay within the membership limit, and a user is a member of it once.
 */
import type { Kysely } from 'kysely';
import { AuthError, DEFAULTS, isUniqueViolation, randomString, type ErrorEntry } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { isOwner } from '../member-roles';
import type { Member } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import type { OrganizationDatabase } from '../schema';
import { countMemberRows } from './members';

/**
 * `refusal` (400) when the member is the organization's only owner, so it always keeps someone
 * who may delete it. Roles are read inside the caller's transaction, which holds the organization
 * row's lock: two owners stepping down in parallel count one after the other, and a role changed
 * since the route read it counts as it is now. Roles are comma lists, so owners are picked out
 * here, not in SQL.
 */
export async function refuseRemovingOnlyOwner(
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

export type NewMember = Omit<Member, 'createdAt'> & { createdAt: Date };

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
export async function insertMemberWithinLimit(
  trx: Kysely<OrganizationDatabase>,
  member: NewMember,
  teamId: string | null | undefined,
  membershipLimit: number,
) {
  if ((await countMemberRows(trx, 'organizationId', member.organizationId)) >= membershipLimit)
    throw new AuthError(ORGANIZATION_ERRORS.membershipLimitReached);
  return insertMember(trx, member, teamId);
}
