/**
 * @module POST /organization/reject-invitation: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function rejectInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'rejectInvitation',
    method: 'POST',
    path: '/organization/reject-invitation',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
