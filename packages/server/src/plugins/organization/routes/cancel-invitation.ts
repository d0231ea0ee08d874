/**
 * @module POST /organization/cancel-invitation {invitationId}: a member with `invitation:cancel` in
 * the invitation's organization withdraws it. Answers the canceled invitation.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { findInvitation, settleInvitation } from '../store/invitations';
import { MEMBER_ACTIONS, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { organizationDb } from '../schema';
import { invitationResponse } from '../responses';

const body = z.object({ invitationId: z.string().min(1) });

export function cancelInvitation(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'cancelInvitation',
    method: 'POST',
    path: '/organization/cancel-invitation',
    summary: 'Cancel an invitation',
    response: invitationResponse,
    errors: [
      ORGANIZATION_ERRORS.invitationNotFound,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.cancelInvitation.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      const invitation = await findInvitation(auth, body.invitationId);
      if (!invitation) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      const member = await requireMember(auth, invitation.organizationId, session.user.id);
      requireMemberPermission(options, member, MEMBER_ACTIONS.cancelInvitation);
      // SPEC §4 cancels only from pending (better-auth does not check): an accepted invitation
      // stays accepted, and the answer says there is no invitation left to cancel.
      if (!(await settleInvitation(organizationDb(auth), invitation.id, 'canceled')))
        throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      emitEvent({ auth, headers, clientIp }, 'invitation-canceled', {
        actorUserId: session.user.id,
        organizationId: invitation.organizationId,
        detail: { invitationId: invitation.id },
      });
      return { ...invitation, status: 'canceled' };
    },
  });
}
