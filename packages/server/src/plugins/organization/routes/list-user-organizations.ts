/**
 * @module GET /organization/list-user-organizations?userId: the organizations of another user, with
 * that user's role in each, for a platform admin's page of the user. Latchkey's own route (better-auth
 * lists only the caller's); who may call it is the host's decision (`mayListUserOrganizations`), as
 * this plugin knows nothing of platform roles. Same shape as /organization/list, plus `role`.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import { listUserMemberships, toStoredOrganization } from '../store/organizations';
import { organizationResponse } from '../responses';

const query = z.object({ userId: z.string().min(1) });

export function listUserOrganizationsForAdmin(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserOrganizations',
    method: 'GET',
    path: '/organization/list-user-organizations',
    summary: "List a user's organizations",
    response: z.array(organizationResponse.extend({ role: z.string() })),
    errors: [ORGANIZATION_ERRORS.notAllowedToListUserOrganizations],
    query,
    session: 'required',
    async handler({ auth, query, session }) {
      if (!(await options.mayListUserOrganizations(session.user, auth)))
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToListUserOrganizations);
      const rows = await listUserMemberships(auth, query.userId);
      return rows.map((row) => ({ ...toStoredOrganization(row), role: row.role }));
    },
  });
}
