/**
 * @module GET /organization/invitation-preview?id (Latchkey's own, not in better-auth): what the
 * sign-in and sign-up screens reached from an invitation link show a signed-out invitee ("You're
 * invited to Zeta Labs by …", the invited address filled in). get-invitation cannot serve them: it
 * needs the recipient's session with a verified address.
 *
 * Threat model. The id is a 32-character random capability (about 190 bits) that only the
 * invitation mail carries, to the invited address. Whoever holds it already holds the mail, which
 * names the organization, the inviter (name and e-mail) and the address it was sent to; the answer
 * adds only the role offered and when the offer ends, and nothing a guess could reach. It answers
 * nothing beyond those fields (no ids of the organization, inviter or team, no members), never
 * acts, and acting on the invitation still needs the recipient's verified session. Only a pending,
 * unexpired invitation answers: an expired, canceled, accepted or rejected one answers as an
 * unknown id does, so a leaked old link tells nothing about what became of it, nor whether the
 * invitee joined.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, isoDate, nameForMail } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import { findInvitation, isOpen } from '../store/invitations';
import { findOrganization } from '../store/organizations';

const query = z.object({ id: z.string().min(1).max(255) });

const preview = z.object({
  organizationName: z.string(),
  inviterName: z
    .string()
    .nullable()
    .meta({ description: "The inviter's name as the invitation mail shows it; null when it looks like a link" }),
  inviterEmail: z.string().nullable(),
  email: z.string().meta({ description: 'The invited address' }),
  role: z.string().meta({ description: 'A comma-joined list when several roles are offered' }),
  expiresAt: isoDate,
});

export function getInvitationPreview(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getInvitationPreview',
    method: 'GET',
    path: '/organization/invitation-preview',
    summary: 'Preview an invitation from its link, signed out',
    query,
    session: 'none',
    // As other public reads: the id's entropy, not the limit, is what stops guessing.
    rateLimit: 'default',
    response: preview,
    errors: [ORGANIZATION_ERRORS.invitationNotFound],
    async handler({ auth, query }) {
      const invitation = await findInvitation(auth, query.id);
      // Settled or expired answers as unknown: what became of an invitation is not the link's to tell.
      if (!invitation || !isOpen(invitation, auth.now())) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      const organization = await findOrganization(auth, { id: invitation.organizationId });
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      const inviter = await auth.users.findById(invitation.inviterId);
      // The mail's rule for a typed name: one that looks like a link is not shown on the trusted site.
      const inviterName = inviter ? nameForMail(inviter.name.trim()) : '';
      return {
        organizationName: organization.name,
        inviterName: inviterName || null,
        inviterEmail: inviter?.email ?? null,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      };
    },
  });
}
