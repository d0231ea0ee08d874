/**
 * @module POST /organization/set-active: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function setActiveOrganization(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'setActiveOrganization',
    method: 'POST',
    path: '/organization/set-active',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
