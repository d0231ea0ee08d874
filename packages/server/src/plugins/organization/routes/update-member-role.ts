/**
 * @module POST /organization/update-member-role {role, memberId, organizationId?}: the caller needs
 * `member:update`; every role must exist (400 `Role not found`); only an owner gives the owner role
 * or changes an owner's roles; the only owner cannot be demoted (400 `cannot leave the
 * organization without an owner`, better-auth's entry: nobody would be left who may delete it).
 * Answers the updated member with its user.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { memberRoles } from '../access-control';
import { ORGANIZATION_ERRORS } from '../errors';
import { isOwner, toStoredMemberRole } from '../member-roles';
import { setMemberRole } from '../store/membership-changes';
import { findMemberByIdOrEmail } from '../store/members';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { memberWithUserResponse } from '../responses';

const body = z.object({
  role: z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).min(1).max(32)]),
  memberId: z.string().min(1),
  organizationId: z.string().min(1).optional(),
});

export function updateMemberRole(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateMemberRole',
    method: 'POST',
    path: '/organization/update-member-role',
    summary: "Change a member's role",
    response: memberWithUserResponse,
    errors: [
      ORGANIZATION_ERRORS.memberNotFound,
      ORGANIZATION_ERRORS.notAllowedToUpdateMember,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.updateMember.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      const role = toStoredMemberRole(options, body.role);
      const { organizationId, member: caller } = await requireCallerMembership(auth, session, body.organizationId);
      requireMemberPermission(options, caller, MEMBER_ACTIONS.updateMember);
      // By id only: an e-mail is not a member id, and an `@` in an id would not be one either.
      const target = body.memberId.includes('@')
        ? null
        : await findMemberByIdOrEmail(auth, organizationId, body.memberId);
      if (!target) throw new AuthError(ORGANIZATION_ERRORS.memberNotFound);

      const givesOwner = memberRoles(role).includes(options.creatorRole);
      if ((givesOwner || isOwner(options, target)) && !isOwner(options, caller)) {
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToUpdateMember);
      }
      // The only owner keeps the owner role: checked inside, behind the organization's lock.
      await setMemberRole(auth, options, target, role);
      emitEvent({ auth, headers, clientIp }, 'member-role-changed', {
        userId: target.userId,
        actorUserId: session.user.id,
        organizationId,
        detail: { role, previousRole: target.role },
      });
      return { ...target, role };
    },
  });
}
