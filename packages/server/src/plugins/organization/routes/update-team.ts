/**
 * @module POST /organization/update-team {teamId, data: {name?, organizationId?}}: renames a team of
 * the given (else the active) organization, for members whose roles grant team:update. Answers the team.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMember, memberMay, organizationIdOf } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { requireTeamIn, renameTeam } from '../store/teams';
import { teamResponse } from '../responses';

const body = z.object({
  teamId: z.string().min(1),
  // better-auth reads the organization from `data`, beside the fields to change.
  data: z.object({ name: z.string().min(1).optional(), organizationId: z.string().min(1).optional() }),
});

export function updateTeam(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateTeam',
    method: 'POST',
    path: '/organization/update-team',
    summary: 'Update a team',
    response: teamResponse,
    errors: [
      ORGANIZATION_ERRORS.notAllowedToUpdateTeams,
      ORGANIZATION_ERRORS.teamAlreadyExists,
      ORGANIZATION_ERRORS.noActiveOrganization,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const organizationId = organizationIdOf(session, body.data.organizationId);
      const member = await findMember(auth, organizationId, session.user.id);
      // better-auth answers a non-member and a member without team:update alike.
      if (!member || !memberMay(options, member, { team: ['update'] }))
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToUpdateTeams);
      const team = await requireTeamIn(auth, body.teamId, organizationId);
      if (body.data.name === undefined) return team;
      const renamed = await renameTeam(auth, team, body.data.name);
      if (!renamed) throw new AuthError(ORGANIZATION_ERRORS.teamAlreadyExists);
      return renamed;
    },
  });
}
