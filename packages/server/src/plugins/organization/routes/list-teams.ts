/**
 * @module GET /organization/list-teams: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listOrganizationTeams(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listOrganizationTeams',
    method: 'GET',
    path: '/organization/list-teams',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
