/**
 * @module GET /organization/list: the organizations the caller is a member of, as a plain array,
 * metadata as the stored JSON text (better-auth 1.7's shape: applications parse it).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import type { ResolvedOrganizationOptions } from '../options';
import { listUserOrganizations, toStoredOrganization } from '../store/organizations';
import { organizationResponse } from '../responses';

export function listOrganizations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listOrganizations',
    method: 'GET',
    path: '/organization/list',
    summary: "List the user's organizations",
    response: z.array(organizationResponse),
    session: 'required',
    // A membership just removed must not keep listing from the cookie cache.
    sessionFromDatabase: true,
    async handler({ auth, session }) {
      return (await listUserOrganizations(auth, session.user.id)).map(toStoredOrganization);
    },
  });
}
