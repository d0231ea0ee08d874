/**
 * @module POST /organization/accept-invitation: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function acceptInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
