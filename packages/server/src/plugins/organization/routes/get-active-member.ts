/**
 * @module GET /organization/get-active-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function getActiveMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getActiveMember',
    method: 'GET',
    path: '/organization/get-active-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
