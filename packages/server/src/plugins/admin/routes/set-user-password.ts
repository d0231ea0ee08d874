/**
 * @module POST /admin/set-user-password: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function setUserPassword(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'setUserPassword',
    method: 'POST',
    path: '/admin/set-user-password',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
