/**
 * @module POST /organization/remove-team {teamId, organizationId?}: deletes a team of the given
 * (else the active) organization, for members whose roles grant team:delete. The caller's own
 * active team is refused with 403 before anything else is looked at, as better-auth refuses it
 * (the caller would be left working in a team that is gone). The organization's last team stays
 * unless teams.allowRemovingAllTeams. Other sessions whose active team it was lose it.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { activeTeamOf, deleteTeam, requireTeamIn } from '../store/teams';
import { messageResponse } from '../responses';

const body = z.object({ teamId: z.string().min(1), organizationId: z.string().min(1).optional() });

export function removeTeam(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeam',
    method: 'POST',
    path: '/organization/remove-team',
    summary: 'Delete a team',
    response: messageResponse,
    errors: [
      ORGANIZATION_ERRORS.notAllowedToDeleteTeam,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.deleteTeam.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const { organizationId, member } = await requireCallerMembership(auth, session, body.organizationId);
      if (activeTeamOf(session) === body.teamId) throw new AuthError(ORGANIZATION_ERRORS.notAllowedToDeleteTeam);
      requireMemberPermission(options, member, MEMBER_ACTIONS.deleteTeam);
      const team = await requireTeamIn(auth, body.teamId, organizationId);
      // The last-team check is made inside, behind the organization's lock.
      await deleteTeam(auth, team, options.teams.allowRemovingAllTeams);
      return { message: 'Team removed successfully.' };
    },
  });
}
