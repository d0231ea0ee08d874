/**
 * @module GET /organization/list-user-teams: the teams the caller belongs to (through teamMember),
 * in every organization, as a plain array.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import type { ResolvedOrganizationOptions } from '../options';
import { listUserTeams as listTeamsOfUser } from '../store/teams';
import { teamResponse } from '../responses';

export function listUserTeams(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserTeams',
    method: 'GET',
    path: '/organization/list-user-teams',
    summary: "List the user's teams",
    response: z.array(teamResponse),
    session: 'required',
    async handler({ auth, session }) {
      return listTeamsOfUser(auth, session.user.id);
    },
  });
}
