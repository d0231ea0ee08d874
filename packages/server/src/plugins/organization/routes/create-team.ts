/**
 * @module POST /organization/create-team: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function createTeam(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createTeam',
    method: 'POST',
    path: '/organization/create-team',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
