/**
 * @module GET /organization/list-team-members?teamId: the teamMember rows of the given (else the
 * active) team, for members of that team, as in better-auth, and — beyond better-auth, which
 * refuses an owner outside the team — for members of the team's organization whose roles let
 * them add and remove team members (member:update): they can already change who is in the team,
 * so hiding who is in it protected nothing, and without it the app's Teams tab could not show a
 * team's members to the owner managing them. Anyone else gets the same 403 for a team that does
 * not exist as for one they may not see.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, type PluginHost } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMember, MEMBER_ACTIONS, memberMay } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { activeTeamOf, findTeam, findTeamMember, listTeamMembers as listMembersOfTeam } from '../store/teams';
import { teamMemberResponse } from '../responses';

const query = z.object({ teamId: z.string().min(1).optional() });

/** Whether the user may add and remove the team's members, as a member of its organization. */
async function mayManageTeam(
  auth: PluginHost,
  options: ResolvedOrganizationOptions,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const team = await findTeam(auth, teamId);
  const member = team ? await findMember(auth, team.organizationId, userId) : null;
  return member !== null && memberMay(options, member, MEMBER_ACTIONS.addTeamMember.grants);
}

export function listTeamMembers(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listTeamMembers',
    method: 'GET',
    path: '/organization/list-team-members',
    summary: "List a team's members",
    response: z.array(teamMemberResponse),
    errors: [ORGANIZATION_ERRORS.noActiveTeam, ORGANIZATION_ERRORS.notATeamMember],
    query,
    session: 'required',
    // The active team and membership decide access; a cached session may be a minute stale.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      const teamId = query.teamId ?? activeTeamOf(session);
      if (!teamId) throw new AuthError(ORGANIZATION_ERRORS.noActiveTeam);
      // better-auth answers 400 here; the catalogue keeps one status (403) per entry. An unknown
      // team answers the same, so ids cannot be probed.
      if (
        !(await findTeamMember(auth, teamId, session.user.id)) &&
        !(await mayManageTeam(auth, options, teamId, session.user.id))
      )
        throw new AuthError(ORGANIZATION_ERRORS.notATeamMember);
      return listMembersOfTeam(auth, teamId);
    },
  });
}
