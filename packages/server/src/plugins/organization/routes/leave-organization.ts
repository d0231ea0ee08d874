/**
 * @module POST /organization/leave {organizationId}: the caller stops being a member (403 when they
 * are not one); the only owner may not leave (400), so an organization always keeps someone who may
 * delete it. The organization stops being active on the caller's sessions. Answers the member row
 * with its user, as better-auth does.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { deleteMembership, forgetActiveOrganization } from '../store/membership-changes';
import { findMemberWithUser } from '../store/members';
import type { ResolvedOrganizationOptions } from '../options';
import { memberWithUserResponse } from '../responses';

const body = z.object({ organizationId: z.string().min(1) });

export function leaveOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'leaveOrganization',
    method: 'POST',
    path: '/organization/leave',
    summary: 'Leave an organization',
    response: memberWithUserResponse,
    errors: [ORGANIZATION_ERRORS.notAMember],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      const member = await findMemberWithUser(auth, body.organizationId, session.user.id);
      if (!member) throw new AuthError(ORGANIZATION_ERRORS.notAMember);
      // The only-owner check is made inside, behind the organization's lock (400 when it fails).
      await deleteMembership(auth, options, member);
      emitEvent({ auth, headers, clientIp }, 'member-removed', {
        method: 'leave',
        userId: session.user.id,
        actorUserId: session.user.id,
        organizationId: body.organizationId,
      });
      await forgetActiveOrganization({ auth, session, cookies }, body.organizationId);
      return member;
    },
  });
}
