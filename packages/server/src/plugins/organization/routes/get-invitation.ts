/**
 * @module GET /organization/get-invitation: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function getInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getInvitation',
    method: 'GET',
    path: '/organization/get-invitation',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
