/**
 * @module POST /admin/remove-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function removeUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'removeUser',
    method: 'POST',
    path: '/admin/remove-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
