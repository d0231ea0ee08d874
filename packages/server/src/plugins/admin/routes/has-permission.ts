/**
 * @module POST /admin/has-permission: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function userHasPermission(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'userHasPermission',
    method: 'POST',
    path: '/admin/has-permission',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
