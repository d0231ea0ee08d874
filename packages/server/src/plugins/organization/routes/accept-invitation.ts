/**
 * @module POST /organization/accept-invitation {invitationId}: the recipient joins the organization
 * with the invited role (and team), within its membership limit, and it becomes the session's
 * active organization (with that team as the active team). Only a pending, unexpired invitation to
 * the caller's own, verified e-mail can be accepted. Answers {invitation, member}.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  defineEndpoint,
  randomString,
  type AuthContext,
  type CurrentSession,
} from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { findInvitation, isOpen, type Invitation } from '../invitation-store';
import { joinByInvitation } from '../member-store';
import { findMember } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { activateOrganizationWithTeam } from '../organization-store';

const body = z.object({ invitationId: z.string().min(1) });

/**
 * The checks better-auth makes, in its order; each refusal names its catalogue entry. The
 * membership limit is checked where the member is inserted, behind the organization's lock.
 */
async function requireAcceptable(
  auth: AuthContext,
  invitation: Invitation | null,
  current: CurrentSession,
): Promise<Invitation> {
  if (!invitation || !isOpen(invitation, auth.now())) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
  if (invitation.email !== current.user.email.toLowerCase()) throw new AuthError(ORGANIZATION_ERRORS.notTheRecipient);
  // Anyone can register an unverified account under the invitee's address: only proof of the
  // mailbox makes the signed-in user the person who was invited.
  if (!current.user.emailVerified) throw new AuthError(ORGANIZATION_ERRORS.emailNotVerifiedForInvitation);
  const { organizationId } = invitation;
  if (!(await findMember(auth, organizationId, invitation.inviterId)))
    throw new AuthError(ORGANIZATION_ERRORS.inviterNoLongerMember);
  if (await findMember(auth, organizationId, current.user.id)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
  return invitation;
}

export function acceptInvitation(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    body,
    session: 'required',
    async handler({ auth, body, session, cookies }) {
      const invitation = await requireAcceptable(auth, await findInvitation(auth, body.invitationId), session);
      const member = {
        id: randomString(DEFAULTS.idLength),
        organizationId: invitation.organizationId,
        userId: session.user.id,
        role: invitation.role ?? DEFAULTS.defaultMemberRole,
        teamId: invitation.teamId,
        createdAt: auth.now(),
      };
      // A team removed since the invitation leaves the membership standing, without it.
      const seatedTeamId = await joinByInvitation(auth, invitation, member, options.membershipLimit);
      await activateOrganizationWithTeam({ auth, session, cookies }, invitation.organizationId, seatedTeamId);
      return { invitation: { ...invitation, status: 'accepted' }, member };
    },
  });
}
