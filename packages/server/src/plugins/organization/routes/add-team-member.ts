/**
 * @module POST /organization/add-team-member {teamId, userId}: puts a member of the active
 * organization into one of its teams, for members whose roles grant member:update. Adding someone
 * already in the team answers their existing row. Answers the teamMember.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { organizationIdOf, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrAddTeamMember, requireTeamIn } from '../team-store';

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

export function addTeamMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'addTeamMember',
    method: 'POST',
    path: '/organization/add-team-member',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      // better-auth takes the organization from the session only, and checks member:update (not
      // team:update): team membership is a change to the member. The default roles grant both alike.
      const organizationId = organizationIdOf(session, undefined);
      const caller = await requireMember(auth, organizationId, session.user.id);
      requireMemberPermission(
        options,
        caller,
        { member: ['update'] },
        ORGANIZATION_ERRORS.notAllowedToCreateTeamMember,
      );
      // better-auth answers these two with 400; the catalogue keeps one status (403) per entry.
      await requireMember(auth, organizationId, body.userId);
      const team = await requireTeamIn(auth, body.teamId, organizationId);
      return findOrAddTeamMember(auth, team.id, body.userId);
    },
  });
}
