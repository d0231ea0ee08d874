/**
 * @module POST /organization/update-member-role: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function updateMemberRole(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateMemberRole',
    method: 'POST',
    path: '/organization/update-member-role',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
