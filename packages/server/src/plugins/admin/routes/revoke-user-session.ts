/**
 * @module POST /admin/revoke-user-session: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function revokeUserSession(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'revokeUserSession',
    method: 'POST',
    path: '/admin/revoke-user-session',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
