/**
 * @module POST /organization/delete: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function deleteOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'deleteOrganization',
    method: 'POST',
    path: '/organization/delete',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
