/**
 * @module What add-team-member and remove-team-member both establish before changing a team's
 * members: the active organization (better-auth takes it from the session only), the caller's
 * permission on members there (not on teams: a team membership is a change to the member), that
 * the user named is a member too, and that the team belongs to that organization.
 */
import { z } from 'zod';
import type { PluginHost, CurrentSession } from '../../plugin';
import { requireCallerMembership, requireMember, requireMemberPermission, type MemberAction } from './membership';
import type { ResolvedOrganizationOptions } from './options';
import { requireTeamIn, type Team } from './store/teams';

export const teamMemberChangeBody = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

interface TeamMemberChangeRequest {
  auth: PluginHost;
  session: CurrentSession;
  body: z.infer<typeof teamMemberChangeBody>;
}

/** The team to change, once the caller may take `action` (adding or removing) on the member named. */
export async function authorizeTeamMemberChange(
  { auth, session, body }: TeamMemberChangeRequest,
  options: ResolvedOrganizationOptions,
  action: MemberAction,
): Promise<Team> {
  const { organizationId, member: caller } = await requireCallerMembership(auth, session, undefined);
  requireMemberPermission(options, caller, action);
  // better-auth answers these two with 400; the catalogue keeps one status (403) per entry.
  await requireMember(auth, organizationId, body.userId);
  return requireTeamIn(auth, body.teamId, organizationId);
}
