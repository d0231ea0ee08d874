/**
 * @module POST /organization/add-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function addMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'addMember',
    method: 'POST',
    path: '/organization/add-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
