/**
 * @module POST /admin/revoke-user-sessions: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function revokeUserSessions(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'revokeUserSessions',
    method: 'POST',
    path: '/admin/revoke-user-sessions',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
