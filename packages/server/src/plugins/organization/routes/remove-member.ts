/**
 * @module POST /organization/remove-member {memberIdOrEmail, organizationId?}: the caller needs
 * `member:delete`; only an owner removes an owner, and the only owner is never removed (an
 * organization always keeps someone who may delete it). The removed user's sessions lose the
 * organization as their active one. Answers {member}.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { isOwner } from '../member-roles';
import { deleteMembership, forgetActiveOrganization } from '../store/membership-changes';
import { findMemberByIdOrEmail } from '../store/members';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { memberWithUserResponse } from '../responses';

const body = z.object({
  memberIdOrEmail: z.string().min(1),
  organizationId: z.string().min(1).optional(),
});

export function removeMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'removeMember',
    method: 'POST',
    path: '/organization/remove-member',
    summary: 'Remove a member',
    response: z.object({ member: memberWithUserResponse }),
    errors: [
      ORGANIZATION_ERRORS.memberNotFound,
      ORGANIZATION_ERRORS.notAllowedToDeleteMember,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.deleteMember.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      const { organizationId, member: caller } = await requireCallerMembership(auth, session, body.organizationId);
      const target = await findMemberByIdOrEmail(auth, organizationId, body.memberIdOrEmail);
      if (!target) throw new AuthError(ORGANIZATION_ERRORS.memberNotFound);
      requireMemberPermission(options, caller, MEMBER_ACTIONS.deleteMember);
      if (isOwner(options, target) && !isOwner(options, caller))
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToDeleteMember);
      // The only-owner check is made inside, behind the organization's lock (400 when it fails).
      await deleteMembership(auth, options, target);
      emitEvent({ auth, headers, clientIp }, 'member-removed', {
        method: 'remove-member',
        userId: target.userId,
        actorUserId: session.user.id,
        organizationId,
      });
      if (target.userId === session.user.id) await forgetActiveOrganization({ auth, session, cookies }, organizationId);
      return { member: target };
    },
  });
}
