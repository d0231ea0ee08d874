/**
 * @module POST /organization/remove-team-member {teamId, userId}: takes a member of the active
 * organization out of one of its teams, for members whose roles grant member:delete. They stay a
 * member of the organization.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { organizationIdOf, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { deleteTeamMember, requireTeamIn, findTeamMember } from '../team-store';

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

export function removeTeamMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeamMember',
    method: 'POST',
    path: '/organization/remove-team-member',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      // As add-team-member: the active organization, and better-auth's member:delete permission.
      const organizationId = organizationIdOf(session, undefined);
      const caller = await requireMember(auth, organizationId, session.user.id);
      requireMemberPermission(
        options,
        caller,
        { member: ['delete'] },
        ORGANIZATION_ERRORS.notAllowedToRemoveTeamMember,
      );
      await requireMember(auth, organizationId, body.userId);
      const team = await requireTeamIn(auth, body.teamId, organizationId);
      if (!(await findTeamMember(auth, team.id, body.userId))) throw new AuthError(ORGANIZATION_ERRORS.notATeamMember);
      await deleteTeamMember(auth, team.id, body.userId);
      return { message: 'Team member removed successfully.' };
    },
  });
}
