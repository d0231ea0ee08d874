/**
 * @module GET /organization/list-team-members?teamId: the teamMember rows of the given (else the
 * active) team, for members of that team only, as in better-auth (an organization admin outside
 * the team is refused too).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import { activeTeamOf, findTeamMember, listTeamMembers as listMembersOfTeam } from '../team-store';

const query = z.object({ teamId: z.string().min(1).optional() });

export function listTeamMembers(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listTeamMembers',
    method: 'GET',
    path: '/organization/list-team-members',
    query,
    session: 'required',
    // The active team and membership decide access; a cached session may be a minute stale.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      const teamId = query.teamId ?? activeTeamOf(session);
      if (!teamId) throw new AuthError(ORGANIZATION_ERRORS.noActiveTeam);
      // better-auth answers 400 here; the catalogue keeps one status (403) per entry. An unknown
      // team answers the same, so ids cannot be probed.
      if (!(await findTeamMember(auth, teamId, session.user.id)))
        throw new AuthError(ORGANIZATION_ERRORS.notATeamMember);
      return listMembersOfTeam(auth, teamId);
    },
  });
}
