/**
 * @module POST /organization/reject-invitation {invitationId}: the recipient declines a pending,
 * unexpired invitation. Answers {invitation, member: null}, as better-auth does.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { requireOpenInvitationFor } from '../invitation-recipient';
import { settleInvitation } from '../store/invitations';
import type { ResolvedOrganizationOptions } from '../options';
import { organizationDb } from '../schema';
import { invitationResponse } from '../responses';

const body = z.object({ invitationId: z.string().min(1) });

export function rejectInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'rejectInvitation',
    method: 'POST',
    path: '/organization/reject-invitation',
    summary: 'Decline an invitation',
    response: z.object({ invitation: invitationResponse, member: z.null() }),
    errors: [ORGANIZATION_ERRORS.invitationNotFound],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      const invitation = await requireOpenInvitationFor(auth, body.invitationId, session, 'respond');
      // Conditional on pending: a reject racing an accept or a cancel loses cleanly.
      if (!(await settleInvitation(organizationDb(auth), invitation.id, 'rejected')))
        throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      emitEvent({ auth, headers, clientIp }, 'invitation-rejected', {
        userId: session.user.id,
        actorUserId: session.user.id,
        organizationId: invitation.organizationId,
        detail: { invitationId: invitation.id },
      });
      return { invitation: { ...invitation, status: 'rejected' }, member: null };
    },
  });
}
