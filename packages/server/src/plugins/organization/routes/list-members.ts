/**
 * @module GET /organization/list-members?organizationId&limit&offset: {members (each with its
 * user), total} of the given or active organization, oldest first. Only its members may list it
 * (403). Without a limit one page of the membership limit (better-auth's default), at most 1,000.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { countMembers, listMembersWithUser } from '../store/members';
import { requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { ORGANIZATION_ERRORS } from '../errors';
import { memberWithUserResponse } from '../responses';

const MAX_PAGE = 1000;

const query = z.object({
  organizationId: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export function listMembers(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listMembers',
    method: 'GET',
    path: '/organization/list-members',
    summary: "List an organization's members",
    response: z.object({ members: z.array(memberWithUserResponse), total: z.number().int() }),
    errors: [ORGANIZATION_ERRORS.noActiveOrganization, ORGANIZATION_ERRORS.notAMember],
    query,
    session: 'required',
    async handler({ auth, query, session }) {
      const { organizationId } = await requireCallerMembership(auth, session, query.organizationId);
      const limit = Math.min(query.limit ?? options.membershipLimit, MAX_PAGE);
      const [members, total] = await Promise.all([
        listMembersWithUser(auth, organizationId, { limit, offset: query.offset ?? 0 }),
        countMembers(auth, organizationId),
      ]);
      return { members, total };
    },
  });
}
