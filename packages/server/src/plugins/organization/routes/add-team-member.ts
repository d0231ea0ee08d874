/**
 * @module POST /organization/add-team-member {teamId, userId}: puts a member of the active
 * organization into one of its teams, for members whose roles grant member:update. Adding someone
 * already in the team answers their existing row. Answers the teamMember.
 */
import { defineEndpoint } from '../../../plugin';
import { MEMBER_ACTIONS } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { authorizeTeamMemberChange, teamMemberChangeBody } from '../team-member-change';
import { findOrAddTeamMember } from '../store/teams';
import { ORGANIZATION_ERRORS } from '../errors';
import { teamMemberResponse } from '../responses';

export function addTeamMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'addTeamMember',
    method: 'POST',
    path: '/organization/add-team-member',
    summary: 'Add a member to a team',
    response: teamMemberResponse,
    errors: [
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.addTeamMember.refusal,
    ],
    body: teamMemberChangeBody,
    session: 'required',
    async handler(request) {
      const { auth, body } = request;
      const team = await authorizeTeamMemberChange(request, options, MEMBER_ACTIONS.addTeamMember);
      return findOrAddTeamMember(auth, team.id, body.userId);
    },
  });
}
