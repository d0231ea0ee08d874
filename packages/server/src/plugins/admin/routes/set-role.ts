/**
 * @module POST /admin/set-role: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function setRole(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'setRole',
    method: 'POST',
    path: '/admin/set-role',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
