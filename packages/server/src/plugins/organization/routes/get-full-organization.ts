/**
 * @module GET /organization/get-full-organization: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function getFullOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getFullOrganization',
    method: 'GET',
    path: '/organization/get-full-organization',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
