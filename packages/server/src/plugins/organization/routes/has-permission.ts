/**
 * @module POST /organization/has-permission: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function hasPermission(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'hasPermission',
    method: 'POST',
    path: '/organization/has-permission',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
