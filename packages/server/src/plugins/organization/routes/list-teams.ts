/**
 * @module GET /organization/list-teams?organizationId: the teams of the given (else the active)
 * organization, as a plain array, for its members only.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { listTeams } from '../store/teams';
import { ORGANIZATION_ERRORS } from '../errors';
import { teamResponse } from '../responses';

const query = z.object({ organizationId: z.string().min(1).optional() });

export function listOrganizationTeams(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listOrganizationTeams',
    method: 'GET',
    path: '/organization/list-teams',
    summary: "List an organization's teams",
    response: z.array(teamResponse),
    errors: [ORGANIZATION_ERRORS.noActiveOrganization, ORGANIZATION_ERRORS.notAMember],
    query,
    session: 'required',
    // The active organization decides what is listed; a cached one may be a minute stale.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      const { organizationId } = await requireCallerMembership(auth, session, query.organizationId);
      return listTeams(auth, organizationId);
    },
  });
}
