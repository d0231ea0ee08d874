/**
 * @module GET /organization/list-team-members: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listTeamMembers(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listTeamMembers',
    method: 'GET',
    path: '/organization/list-team-members',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
