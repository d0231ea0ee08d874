/**
 * @module POST /organization/set-active-team {teamId?}: makes one of the caller's teams the
 * session's active team and answers it; null unsets it and answers null. Without a teamId the
 * current active team is checked again and answered (null when none), as in better-auth.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import { activeTeamOf, findTeam, findTeamMember, storeActiveTeam } from '../store/teams';
import { teamResponse } from '../responses';

const body = z.object({ teamId: z.string().min(1).nullable().optional() });

export function setActiveTeam(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'setActiveTeam',
    method: 'POST',
    path: '/organization/set-active-team',
    summary: 'Set the active team',
    response: teamResponse.nullable(),
    errors: [ORGANIZATION_ERRORS.teamNotFound, ORGANIZATION_ERRORS.notATeamMember],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies }) {
      const active = activeTeamOf(session);
      if (body.teamId === null) {
        if (active) await storeActiveTeam({ auth, session, cookies }, null);
        return null;
      }
      const teamId = body.teamId ?? active;
      if (!teamId) return null;
      const team = await findTeam(auth, teamId);
      if (!team) throw new AuthError(ORGANIZATION_ERRORS.teamNotFound);
      // Membership of the team, not only of its organization: a team is what it restricts.
      if (!(await findTeamMember(auth, team.id, session.user.id)))
        throw new AuthError(ORGANIZATION_ERRORS.notATeamMember);
      await storeActiveTeam({ auth, session, cookies }, team.id);
      return team;
    },
  });
}
