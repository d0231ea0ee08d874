/**
 * @module POST /organization/update-team: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function updateTeam(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateTeam',
    method: 'POST',
    path: '/organization/update-team',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
