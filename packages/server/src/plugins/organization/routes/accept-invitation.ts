/**
 * @module POST /organization/accept-invitation {invitationId}: the recipient joins the organization
 * with the invited role (and team), within its membership limit, and it becomes the session's
 * active organization (with that team as the active team). Only a pending, unexpired invitation to
 * the caller's own, verified e-mail can be accepted. Answers {invitation, member}.
 */
import { z } from 'zod';
import { AuthError, DEFAULTS, defineEndpoint, emitEvent, randomString, type PluginHost } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { requireOpenInvitationFor } from '../invitation-recipient';
import type { Invitation } from '../store/invitations';
import { joinByInvitation } from '../store/invite-and-join';
import { findMember } from '../membership';
import { ORGANIZATION_DEFAULTS, type ResolvedOrganizationOptions } from '../options';
import { activateOrganizationWithTeam } from '../store/organizations';
import { invitationResponse, memberResponse } from '../responses';

const body = z.object({ invitationId: z.string().min(1) });

/**
 * After the recipient's checks, the rest better-auth makes, in its order; each refusal names its
 * catalogue entry. The membership limit is checked where the member is inserted, behind the
 * organization's lock.
 */
async function requireJoinable(auth: PluginHost, invitation: Invitation, userId: string): Promise<void> {
  const { organizationId } = invitation;
  if (!(await findMember(auth, organizationId, invitation.inviterId)))
    throw new AuthError(ORGANIZATION_ERRORS.inviterNoLongerMember);
  if (await findMember(auth, organizationId, userId)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
}

export function acceptInvitation(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    summary: 'Accept an invitation',
    response: z.object({ invitation: invitationResponse, member: memberResponse }),
    errors: [ORGANIZATION_ERRORS.inviterNoLongerMember, ORGANIZATION_ERRORS.alreadyAMember],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      const invitation = await requireOpenInvitationFor(auth, body.invitationId, session, 'respond');
      await requireJoinable(auth, invitation, session.user.id);
      const member = {
        id: randomString(DEFAULTS.idLength),
        organizationId: invitation.organizationId,
        userId: session.user.id,
        role: invitation.role ?? ORGANIZATION_DEFAULTS.defaultMemberRole,
        teamId: invitation.teamId,
        createdAt: auth.now(),
      };
      // A team removed since the invitation leaves the membership standing, without it.
      const seatedTeamId = await joinByInvitation(auth, invitation, member, options.membershipLimit);
      await activateOrganizationWithTeam({ auth, session, cookies }, invitation.organizationId, seatedTeamId);
      const event = {
        userId: session.user.id,
        actorUserId: session.user.id,
        organizationId: invitation.organizationId,
        detail: { invitationId: invitation.id, role: member.role },
      };
      emitEvent({ auth, headers, clientIp }, 'invitation-accepted', event);
      emitEvent({ auth, headers, clientIp }, 'member-added', { ...event, method: 'invitation' });
      return { invitation: { ...invitation, status: 'accepted' }, member };
    },
  });
}
