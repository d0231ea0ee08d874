/**
 * @module POST /organization/cancel-invitation: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function cancelInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'cancelInvitation',
    method: 'POST',
    path: '/organization/cancel-invitation',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
