/**
 * @module POST /admin/update-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function adminUpdateUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'adminUpdateUser',
    method: 'POST',
    path: '/admin/update-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
