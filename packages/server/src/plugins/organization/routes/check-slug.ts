/**
 * @module POST /organization/check-slug: not built yet.
 */
import { AuthError, defineEndpoint, ERRORS } from '../../../plugin-api';
import type { ResolvedOrganizationOptions } from '../options';

export function checkOrganizationSlug(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'checkOrganizationSlug',
    method: 'POST',
    path: '/organization/check-slug',
    session: 'required',
    async handler() {
      throw new AuthError(ERRORS.notFound);
    },
  });
}
