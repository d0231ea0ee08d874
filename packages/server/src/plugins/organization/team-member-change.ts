/**
 * @module What add-team-member and remove-team-member both establish before changing a team's
 * members: the active organization (better-auth takes it from the session only), the caller's
 * permission on members there (not on teams: a team membership is a change to the member), that
 * the user named is a member too, and that the team belongs to that organization.
 */
import { z } from 'zod';
import type { AuthContext, CurrentSession } from '../../plugin-api';
import { ORGANIZATION_ERRORS } from './errors';
import { organizationIdOf, requireMember, requireMemberPermission } from './membership';
import type { ResolvedOrganizationOptions } from './options';
import { requireTeamIn, type Team } from './team-store';

export const teamMemberChangeBody = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

interface TeamMemberChangeRequest {
  auth: AuthContext;
  session: CurrentSession;
  body: z.infer<typeof teamMemberChangeBody>;
}

/** The member permission each change needs, and the refusal when the caller's roles lack it. */
const CHANGES = {
  add: { permission: 'update', refusal: ORGANIZATION_ERRORS.notAllowedToCreateTeamMember },
  remove: { permission: 'delete', refusal: ORGANIZATION_ERRORS.notAllowedToRemoveTeamMember },
} as const;

/** The team to change, once the caller may make `change` to the member named. */
export async function authorizeTeamMemberChange(
  { auth, session, body }: TeamMemberChangeRequest,
  options: ResolvedOrganizationOptions,
  change: keyof typeof CHANGES,
): Promise<Team> {
  const { permission, refusal } = CHANGES[change];
  const organizationId = organizationIdOf(session, undefined);
  const caller = await requireMember(auth, organizationId, session.user.id);
  requireMemberPermission(options, caller, { member: [permission] }, refusal);
  // better-auth answers these two with 400; the catalogue keeps one status (403) per entry.
  await requireMember(auth, organizationId, body.userId);
  return requireTeamIn(auth, body.teamId, organizationId);
}
