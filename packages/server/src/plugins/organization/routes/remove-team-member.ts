/**
 * @module POST /organization/remove-team-member {teamId, userId}: takes a member of the active
 * organization out of one of its teams, for members whose roles grant member:delete. They stay a
 * member of the organization.
 */
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { MEMBER_ACTIONS } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { authorizeTeamMemberChange, teamMemberChangeBody } from '../team-member-change';
import { deleteTeamMember, findTeamMember } from '../store/teams';
import { messageResponse } from '../responses';

export function removeTeamMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeamMember',
    method: 'POST',
    path: '/organization/remove-team-member',
    summary: 'Remove a member from a team',
    response: messageResponse,
    errors: [
      ORGANIZATION_ERRORS.notATeamMember,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.removeTeamMember.refusal,
    ],
    body: teamMemberChangeBody,
    session: 'required',
    async handler(request) {
      const { auth, body } = request;
      const team = await authorizeTeamMemberChange(request, options, MEMBER_ACTIONS.removeTeamMember);
      if (!(await findTeamMember(auth, team.id, body.userId))) throw new AuthError(ORGANIZATION_ERRORS.notATeamMember);
      await deleteTeamMember(auth, team.id, body.userId);
      return { message: 'Team member removed successfully.' };
    },
  });
}
