/**
 * @module POST /organization/create-team {organizationId?, name}: a new team in the given (else the
 * active) organization, for members whose roles grant team:create; at most teams.maximumTeams per
 * organization (400). Answers the team.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { insertTeam } from '../store/teams';
import { teamResponse } from '../responses';

const body = z.object({ organizationId: z.string().min(1).optional(), name: z.string().min(1) });

export function createTeam(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createTeam',
    method: 'POST',
    path: '/organization/create-team',
    summary: 'Create a team',
    response: teamResponse,
    errors: [
      ORGANIZATION_ERRORS.teamAlreadyExists,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.createTeam.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      // better-auth answers a non-member with its "not allowed to invite" entry, a misnomer; the
      // catalogue's not-a-member entry says what is wrong.
      const { organizationId, member } = await requireCallerMembership(auth, session, body.organizationId);
      requireMemberPermission(options, member, MEMBER_ACTIONS.createTeam);
      // The store enforces maximumTeams (race-free, unlike better-auth's count-then-insert); better-auth
      // does not check names, the unique index (organizationId, name) does it here.
      const team = await insertTeam(auth, organizationId, body.name, options.teams.maximumTeams);
      if (!team) throw new AuthError(ORGANIZATION_ERRORS.teamAlreadyExists);
      return team;
    },
  });
}
