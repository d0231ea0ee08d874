/**
 * @module POST /organization/create: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function createOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createOrganization',
    method: 'POST',
    path: '/organization/create',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
