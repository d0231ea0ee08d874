/**
 * @module POST /admin/impersonate-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function impersonateUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'impersonateUser',
    method: 'POST',
    path: '/admin/impersonate-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
