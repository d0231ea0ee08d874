/**
 * @module POST /admin/unban-user: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function unbanUser(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'unbanUser',
    method: 'POST',
    path: '/admin/unban-user',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
