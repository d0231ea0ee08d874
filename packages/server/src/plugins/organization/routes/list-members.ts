/**
 * @module GET /organization/list-members?organizationId|organizationSlug&limit&offset&sortBy
 * &sortDirection&filterField&filterOperator&filterValue&searchValue: {members (each with its
 * user), total} of the given (a slug no organization has: 400) or active organization, oldest first unless sorted, `total` counting what the filter and search
 * leave (better-auth 1.7's answer). Only its members may list it (403); a field outside the
 * whitelist or a value of the wrong type is 400 VALIDATION_ERROR (member-page.ts). Without a limit
 * one page of the membership limit (better-auth's default), at most 1,000.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { findOrganization } from '../store/organizations';
import { memberPageQuery, queryMemberPage } from '../store/member-page';
import { requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { ORGANIZATION_ERRORS } from '../errors';
import { memberWithUserResponse } from '../responses';

const MAX_PAGE = 1000;

const query = memberPageQuery.extend({
  organizationId: z.string().min(1).optional(),
  organizationSlug: z.string().min(1).optional(),
});

export function listMembers(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listMembers',
    method: 'GET',
    path: '/organization/list-members',
    summary: "List an organization's members",
    response: z.object({ members: z.array(memberWithUserResponse), total: z.number().int() }),
    errors: [
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      ORGANIZATION_ERRORS.organizationNotFound,
    ],
    query,
    session: 'required',
    async handler({ auth, query, session }) {
      // better-auth 1.7: a slug, when given, names the organization (400 when no organization has it).
      let givenId = query.organizationId;
      if (query.organizationSlug !== undefined) {
        const bySlug = await findOrganization(auth, { slug: query.organizationSlug });
        if (!bySlug) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
        givenId = bySlug.id;
      }
      const { organizationId } = await requireCallerMembership(auth, session, givenId);
      const limit = Math.min(query.limit ?? options.membershipLimit, MAX_PAGE);
      return queryMemberPage(auth, organizationId, query, { limit, offset: query.offset ?? 0 });
    },
  });
}
