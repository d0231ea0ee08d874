/**
 * @module What most organization routes start with: which organization the request means (the
 * given id, else the session's active one), the caller's membership in it, and whether the
 * membership's roles grant the action the route performs.
 */
import { AuthError, type CurrentSession, type ErrorEntry } from '../../plugin';
import type { PluginHost } from '../../plugin';
import { organizationRolesAllow } from './access-control';
import { ORGANIZATION_ERRORS } from './errors';
import type { ResolvedOrganizationOptions } from './options';
import { organizationDb, organizationSchema, type MemberTable } from './schema';
import type { Selectable } from 'kysely';

export type Member = Selectable<MemberTable>;

type PermissionRequest = Partial<Record<string, readonly string[]>>;

/** What a route's action needs the caller's roles to grant, and the 403 entry that refuses it. */
export interface MemberAction {
  grants: PermissionRequest;
  refusal: ErrorEntry;
}

/**
 * Every action a route guards with the caller's roles, in one table: the refusals are better-auth's
 * wording per action, so two routes needing the same grant may still refuse differently (a team
 * membership is a change to the member, refused in team words).
 */
export const MEMBER_ACTIONS = {
  updateOrganization: {
    grants: { organization: ['update'] },
    refusal: ORGANIZATION_ERRORS.notAllowedToUpdateOrganization,
  },
  deleteOrganization: {
    grants: { organization: ['delete'] },
    refusal: ORGANIZATION_ERRORS.notAllowedToDeleteOrganization,
  },
  updateMember: { grants: { member: ['update'] }, refusal: ORGANIZATION_ERRORS.notAllowedToUpdateMember },
  deleteMember: { grants: { member: ['delete'] }, refusal: ORGANIZATION_ERRORS.notAllowedToDeleteMember },
  invite: { grants: { invitation: ['create'] }, refusal: ORGANIZATION_ERRORS.notAllowedToInvite },
  cancelInvitation: { grants: { invitation: ['cancel'] }, refusal: ORGANIZATION_ERRORS.notAllowedToCancelInvitation },
  createTeam: { grants: { team: ['create'] }, refusal: ORGANIZATION_ERRORS.notAllowedToCreateTeams },
  deleteTeam: { grants: { team: ['delete'] }, refusal: ORGANIZATION_ERRORS.notAllowedToDeleteTeams },
  addTeamMember: { grants: { member: ['update'] }, refusal: ORGANIZATION_ERRORS.notAllowedToCreateTeamMember },
  removeTeamMember: { grants: { member: ['delete'] }, refusal: ORGANIZATION_ERRORS.notAllowedToRemoveTeamMember },
} as const satisfies Record<string, MemberAction>;

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

export async function findMember(auth: PluginHost, organizationId: string, userId: string): Promise<Member | null> {
  const row = await organizationDb(auth)
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The user's membership, or 403 `User is not a member of the organization`. */
export async function requireMember(auth: PluginHost, organizationId: string, userId: string): Promise<Member> {
  const member = await findMember(auth, organizationId, userId);
  if (!member) throw new AuthError(ORGANIZATION_ERRORS.notAMember);
  return member;
}

export interface CallerMembership {
  organizationId: string;
  member: Member;
}

/**
 * The organization the request names (else the session's active one; 400 when there is none) and
 * the caller's membership in it (403 when they are not a member), in that order: a request without
 * an organization is answered as such before anything is read.
 */
export async function requireCallerMembership(
  auth: PluginHost,
  current: CurrentSession,
  givenId: string | null | undefined,
): Promise<CallerMembership> {
  const organizationId = organizationIdOf(current, givenId);
  const member = await requireMember(auth, organizationId, current.user.id);
  return { organizationId, member };
}

export function memberMay(
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'role'>,
  request: PermissionRequest,
): boolean {
  return organizationRolesAllow(options.roles, member.role, request);
}

/** 403 with the action's refusal unless the member's roles (their union) grant it. */
export function requireMemberPermission(
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'role'>,
  action: MemberAction,
): void {
  if (!memberMay(options, member, action.grants)) throw new AuthError(action.refusal);
}
