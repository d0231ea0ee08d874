/**
 * @module POST /organization/update: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function updateOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateOrganization',
    method: 'POST',
    path: '/organization/update',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
