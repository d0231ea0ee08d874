/**
 * @module GET /admin/list-users: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function listUsers(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'listUsers',
    method: 'GET',
    path: '/admin/list-users',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
