/**
 * @module POST /organization/set-active-team: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function setActiveTeam(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'setActiveTeam',
    method: 'POST',
    path: '/organization/set-active-team',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
