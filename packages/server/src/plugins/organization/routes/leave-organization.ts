/**
 * @module POST /organization/leave: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function leaveOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'leaveOrganization',
    method: 'POST',
    path: '/organization/leave',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
