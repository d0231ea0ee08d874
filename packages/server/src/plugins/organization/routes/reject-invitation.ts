/**
 * @module POST /organization/reject-invitation {invitationId}: the recipient declines a pending,
 * unexpired invitation. Answers {invitation, member: null}, as better-auth does.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { findInvitation, isOpen, settleInvitation } from '../invitation-store';
import type { ResolvedOrganizationOptions } from '../options';
import { organizationDb } from '../tables';

const body = z.object({ invitationId: z.string().min(1) });

export function rejectInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'rejectInvitation',
    method: 'POST',
    path: '/organization/reject-invitation',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const invitation = await findInvitation(auth, body.invitationId);
      if (!invitation || !isOpen(invitation, auth.now())) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      if (invitation.email !== session.user.email.toLowerCase())
        throw new AuthError(ORGANIZATION_ERRORS.notTheRecipient);
      // As for accepting (the catalogue entry names both): an unverified account registered under
      // the invitee's address must not be able to turn the real invitee's invitations down.
      if (!session.user.emailVerified) throw new AuthError(ORGANIZATION_ERRORS.emailNotVerifiedForInvitation);
      // Conditional on pending: a reject racing an accept or a cancel loses cleanly.
      if (!(await settleInvitation(organizationDb(auth), invitation.id, 'rejected')))
        throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      return { invitation: { ...invitation, status: 'rejected' }, member: null };
    },
  });
}
