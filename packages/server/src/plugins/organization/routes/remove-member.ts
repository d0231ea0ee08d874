/**
 * @module POST /organization/remove-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function removeMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeMember',
    method: 'POST',
    path: '/organization/remove-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
