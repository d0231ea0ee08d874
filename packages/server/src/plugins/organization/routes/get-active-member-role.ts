/**
 * @module GET /organization/get-active-member-role: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function getActiveMemberRole(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getActiveMemberRole',
    method: 'GET',
    path: '/organization/get-active-member-role',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
