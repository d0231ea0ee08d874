/**
 * @module GET /organization/list-user-teams: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listUserTeams(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserTeams',
    method: 'GET',
    path: '/organization/list-user-teams',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
