/**
 * @module POST /organization/add-team-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function addTeamMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'addTeamMember',
    method: 'POST',
    path: '/organization/add-team-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
