/**
 * @module POST /organization/invite-member {email, role, organizationId?, resend?, teamId?}: invites
 * an e-mail address into an organization (the given one, else the session's active one) and mails
 * the invitation link. Needs `invitation:create`; inviting an owner needs an owner. A second
 * invitation while one is open is refused unless `resend`, which extends the open one and mails
 * it again. Answers the invitation.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  defineEndpoint,
  emailField,
  emitEvent,
  normalizeEmail,
  requestLanguage,
  sendMail,
  type PluginHost,
  type ServerLanguage,
} from '../../../plugin';
import { memberRoles } from '../access-control';
import { ORGANIZATION_ERRORS } from '../errors';
import { invitationMail } from '../invitation-mail';
import type { Invitation } from '../store/invitations';
import { toStoredMemberRole } from '../member-roles';
import { inviteWithinLimit } from '../store/invite-and-join';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization } from '../store/organizations';
import { invitationResponse } from '../responses';

const roleName = z.string().min(1).max(255);

const body = z.object({
  email: emailField,
  role: z.union([roleName, z.array(roleName).min(1).max(32)]),
  organizationId: z.string().min(1).optional(),
  resend: z.boolean().optional(),
  teamId: z.string().min(1).optional(),
});

/** Sent after the answer: a mail server that is down is logged, and the invitation stands. */
function mailInvitation(
  auth: PluginHost,
  invitation: Invitation,
  organizationName: string,
  inviter: { name: string; email: string },
  language: ServerLanguage,
): void {
  const { mailer } = auth;
  if (!mailer) return;
  auth.background.run('Could not send the invitation mail', async () => {
    // To the address: an invitee who has an account gets it in their language, else the inviter's.
    await sendMail(auth, mailer, {
      kind: 'invitation',
      to: { address: invitation.email },
      requestLanguage: language,
      render: (chosen) =>
        invitationMail({
          invitationId: invitation.id,
          email: invitation.email,
          organizationName,
          inviterName: inviter.name,
          inviterEmail: inviter.email,
          baseOrigin: auth.options.baseOrigin,
          language: chosen,
        }),
      about: { organizationId: invitation.organizationId },
    });
  });
}

export function createInvitation(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createInvitation',
    method: 'POST',
    path: '/organization/invite-member',
    summary: 'Invite a member',
    response: invitationResponse,
    errors: [
      ERRORS.invalidEmail,
      ORGANIZATION_ERRORS.notAllowedToInviteWithRole,
      ORGANIZATION_ERRORS.organizationNotFound,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.invite.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      const email = normalizeEmail(body.email);
      if (!email) throw new AuthError(ERRORS.invalidEmail);
      const { organizationId, member: inviter } = await requireCallerMembership(auth, session, body.organizationId);
      requireMemberPermission(options, inviter, MEMBER_ACTIONS.invite);
      const role = toStoredMemberRole(options, body.role);
      // Only an owner may make an owner: else an admin could invite a second account of its own as owner.
      if (memberRoles(role).includes(options.creatorRole) && !memberRoles(inviter.role).includes(options.creatorRole)) {
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToInviteWithRole);
      }
      const organization = await findOrganization(auth, { id: organizationId });
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      const expiresAt = new Date(auth.now().getTime() + options.invitationExpiresIn * 1000);

      // Already a member, already invited (or resent), the team and the membership limit are all
      // checked behind the organization's lock, so parallel invitations to one address make one.
      const fields = {
        organizationId,
        email,
        role,
        teamId: body.teamId ?? null,
        inviterId: session.user.id,
        expiresAt,
      };
      const invitation = await inviteWithinLimit(auth, fields, {
        membershipLimit: options.membershipLimit,
        resend: body.resend === true,
      });
      mailInvitation(auth, invitation, organization.name, session.user, requestLanguage(headers));
      emitEvent({ auth, headers, clientIp }, 'invitation-created', {
        method: body.resend === true ? 'resend' : 'invite',
        actorUserId: session.user.id,
        organizationId,
        detail: { invitationId: invitation.id, role },
      });
      return invitation;
    },
  });
}
