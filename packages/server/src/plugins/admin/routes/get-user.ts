/**
 * @module GET /admin/get-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function getUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'getUser',
    method: 'GET',
    path: '/admin/get-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
