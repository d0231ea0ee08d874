/**
 * @module GET /organization/list: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listOrganizations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listOrganizations',
    method: 'GET',
    path: '/organization/list',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
