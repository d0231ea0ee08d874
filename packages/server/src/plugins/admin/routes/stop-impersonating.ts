/**
 * @module POST /admin/stop-impersonating: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedAdminOptions } from '../options';

export function stopImpersonating(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'stopImpersonating',
    method: 'POST',
    path: '/admin/stop-impersonating',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
