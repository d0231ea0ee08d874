/**
 * @module GET /organization/get-active-member: the caller's member row in the session's active
 * organization, with its user. No active organization is 400; not (or no longer) a member of it is
 * 400 `Member not found`, as better-auth answers.
 */
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMemberWithUser } from '../store/members';
import { organizationIdOf } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { memberWithUserResponse } from '../responses';

export function getActiveMember(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getActiveMember',
    method: 'GET',
    path: '/organization/get-active-member',
    summary: "Get the user's membership in the active organization",
    response: memberWithUserResponse,
    errors: [ORGANIZATION_ERRORS.memberNotFound, ORGANIZATION_ERRORS.noActiveOrganization],
    session: 'required',
    async handler({ auth, session }) {
      const organizationId = organizationIdOf(session, undefined);
      const member = await findMemberWithUser(auth, organizationId, session.user.id);
      if (!member) throw new AuthError(ORGANIZATION_ERRORS.memberNotFound);
      return member;
    },
  });
}
