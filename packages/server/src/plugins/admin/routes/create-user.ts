/**
 * @module POST /admin/create-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function createUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'createUser',
    method: 'POST',
    path: '/admin/create-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
