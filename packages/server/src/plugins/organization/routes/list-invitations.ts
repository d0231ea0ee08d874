/**
 * @module GET /organization/list-invitations: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listInvitations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listInvitations',
    method: 'GET',
    path: '/organization/list-invitations',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
