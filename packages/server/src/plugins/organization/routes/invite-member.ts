/**
 * @module POST /organization/invite-member: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function createInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createInvitation',
    method: 'POST',
    path: '/organization/invite-member',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
