/**
 * @module GET /organization/get-active-member-role?organizationId&userId: {role} of the caller (or,
 * as better-auth 1.7 allows, of another member named by userId) in the given or active
 * organization. The caller must be a member of it (403); an unknown userId is 400 `Member not found`.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMember, requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';

const query = z.object({
  organizationId: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
});

export function getActiveMemberRole(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getActiveMemberRole',
    method: 'GET',
    path: '/organization/get-active-member-role',
    summary: "Get the user's role in the active organization",
    response: z.object({ role: z.string() }),
    errors: [
      ORGANIZATION_ERRORS.memberNotFound,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
    ],
    query,
    session: 'required',
    async handler({ auth, query, session }) {
      const { organizationId, member: caller } = await requireCallerMembership(auth, session, query.organizationId);
      if (!query.userId || query.userId === session.user.id) return { role: caller.role };
      const member = await findMember(auth, organizationId, query.userId);
      if (!member) throw new AuthError(ORGANIZATION_ERRORS.memberNotFound);
      return { role: member.role };
    },
  });
}
