/**
 * @module The member table's reads: members with their user (better-auth's wire shape), one by
 * user, by id or by e-mail, a page of an organization's, and the counts the limits are checked
 * against.
 */
import type { Kysely } from 'kysely';
import { normalizeEmail, type PluginHost } from '../../../plugin';
import type { Member } from '../membership';
import { organizationDb, type OrganizationDatabase } from '../schema';

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type MemberWithUser = Member & { user: MemberUser };

export function memberWithUserQuery(auth: PluginHost) {
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

export function toMemberWithUser({ userName, userEmail, userImage, ...member }: MemberUserRow): MemberWithUser {
  return { ...member, user: { id: member.userId, name: userName, email: userEmail, image: userImage } };
}

export async function findMemberWithUser(
  auth: PluginHost,
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
  auth: PluginHost,
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
  auth: PluginHost,
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

/** Whether the address is a member's of the organization, read through `db` as countMemberRows is. */
export async function isMemberByEmail(
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
