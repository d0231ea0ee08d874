/**
 * @module GET /organization/list-user-invitations: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listUserInvitations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserInvitations',
    method: 'GET',
    path: '/organization/list-user-invitations',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
