/**
 * @module POST /organization/create-team {organizationId?, name}: a new team in the given (else the
 * active) organization, for members whose roles grant team:create. Answers the team.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { organizationIdOf, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { countTeams, insertTeam } from '../team-store';

const body = z.object({ organizationId: z.string().min(1).optional(), name: z.string().min(1) });

export function createTeam(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createTeam',
    method: 'POST',
    path: '/organization/create-team',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const organizationId = organizationIdOf(session, body.organizationId);
      // better-auth answers a non-member with its "not allowed to invite" entry, a misnomer; the
      // catalogue's not-a-member entry says what is wrong.
      const member = await requireMember(auth, organizationId, session.user.id);
      requireMemberPermission(options, member, { team: ['create'] }, ORGANIZATION_ERRORS.notAllowedToCreateTeams);
      const { maximumTeams } = options.teams;
      // A count, then an insert: two concurrent creations may pass one over the limit, as in better-auth.
      if (maximumTeams !== undefined && (await countTeams(auth, organizationId)) >= maximumTeams) {
        throw new AuthError(ORGANIZATION_ERRORS.teamLimitReached);
      }
      // better-auth does not check names; the unique index (organizationId, name) does it here, race-free.
      const team = await insertTeam(auth, organizationId, body.name);
      if (!team) throw new AuthError(ORGANIZATION_ERRORS.teamAlreadyExists);
      return team;
    },
  });
}
