/**
 * @module What most organization routes start with: which organization the request means (the
 * given id, else the session's active one), the caller's membership in it, and whether the
 * membership's roles grant an action.
 */
import { AuthError, type CurrentSession, type ErrorEntry } from '../../plugin-api';
import type { AuthContext } from '../../plugin-api';
import { organizationRolesAllow } from './access-control';
import { ORGANIZATION_ERRORS } from './errors';
import type { ResolvedOrganizationOptions } from './options';
import { organizationDb, organizationSchema, type MemberTable } from './tables';
import type { Selectable } from 'kysely';

export type Member = Selectable<MemberTable>;

/** The session's active organization, if any. */
export function activeOrganizationOf(current: CurrentSession): string | null {
  return organizationSchema.session(current.session).activeOrganizationId;
}

/** The given organization id, else the session's active one, else 400 `No active organization`. */
export function organizationIdOf(current: CurrentSession, given: string | null | undefined): string {
  const id = given ?? activeOrganizationOf(current);
  if (!id) throw new AuthError(ORGANIZATION_ERRORS.noActiveOrganization);
  return id;
}

export async function findMember(auth: AuthContext, organizationId: string, userId: string): Promise<Member | null> {
  const row = await organizationDb(auth)
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The caller's membership, or 403 `User is not a member of the organization`. */
export async function requireMember(auth: AuthContext, organizationId: string, userId: string): Promise<Member> {
  const member = await findMember(auth, organizationId, userId);
  if (!member) throw new AuthError(ORGANIZATION_ERRORS.notAMember);
  return member;
}

export function memberMay(
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'role'>,
  request: Partial<Record<string, readonly string[]>>,
): boolean {
  return organizationRolesAllow(options.roles, member.role, request);
}

export function requireMemberPermission(
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'role'>,
  request: Partial<Record<string, readonly string[]>>,
  refusal: ErrorEntry,
): void {
  if (!memberMay(options, member, request)) throw new AuthError(refusal);
}
