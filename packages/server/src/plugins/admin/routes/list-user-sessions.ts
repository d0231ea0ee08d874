/**
 * @module POST /admin/list-user-sessions: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function listUserSessions(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'listUserSessions',
    method: 'POST',
    path: '/admin/list-user-sessions',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
