/**
 * @module POST /admin/ban-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function banUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'banUser',
    method: 'POST',
    path: '/admin/ban-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
