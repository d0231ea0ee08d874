/**
 * @module POST /organization/remove-team-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function removeTeamMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeamMember',
    method: 'POST',
    path: '/organization/remove-team-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
