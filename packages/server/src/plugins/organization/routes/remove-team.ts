/**
 * @module POST /organization/remove-team: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function removeTeam(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeTeam',
    method: 'POST',
    path: '/organization/remove-team',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
