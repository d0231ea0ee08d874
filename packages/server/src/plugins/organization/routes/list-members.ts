/**
 * @module GET /organization/list-members: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function listMembers(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listMembers',
    method: 'GET',
    path: '/organization/list-members',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
