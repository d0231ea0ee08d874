/**
 * @module POST /organization/remove-team {teamId, organizationId?}: deletes a team of the given
 * (else the active) organization, for members whose roles grant team:delete. The organization's
 * last team stays unless teams.allowRemovingAllTeams. Sessions whose active team it was lose it.
 */
import { z } from 'zod';
import { defineEndpoint, setCookieCache } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { organizationIdOf, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { deleteTeam, requireTeamIn } from '../team-store';

const body = z.object({ teamId: z.string().min(1), organizationId: z.string().min(1).optional() });

export function removeTeam(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeam',
    method: 'POST',
    path: '/organization/remove-team',
    body,
    session: 'required',
    async handler({ auth, body, session, cookies }) {
      const organizationId = organizationIdOf(session, body.organizationId);
      const member = await requireMember(auth, organizationId, session.user.id);
      requireMemberPermission(options, member, { team: ['delete'] }, ORGANIZATION_ERRORS.notAllowedToDeleteTeams);
      const team = await requireTeamIn(auth, body.teamId, organizationId);
      // better-auth refuses to remove the caller's own active team; we remove it and unset it in
      // every session instead (the caller's included), so no session names a team that is gone.
      // The last-team check is made inside, behind the organization's lock.
      await deleteTeam(auth, team, options.teams.allowRemovingAllTeams);
      if (session.session.activeTeamId === team.id) {
        session.session.activeTeamId = null;
        if (auth.options.session.cookieCache.enabled) setCookieCache(auth, cookies, session.token, session.session, session.user);
      }
      return { message: 'Team removed successfully.' };
    },
  });
}
