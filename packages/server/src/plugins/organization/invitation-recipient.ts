/**
 * @module What the recipient's routes (get, accept and reject an invitation) establish first, in
 * better-auth's order: the invitation is still open, it was sent to the caller's address, and the
 * caller has proved that address.
 */
import { AuthError, type PluginHost, type CurrentSession } from '../../plugin';
import { ORGANIZATION_ERRORS } from './errors';
import { findInvitation, isOpen, type Invitation } from './store/invitations';

/** The refusal of an unverified address, by what the recipient does: better-auth words them apart. */
const UNVERIFIED = {
  respond: ORGANIZATION_ERRORS.emailNotVerifiedForInvitation,
  read: ORGANIZATION_ERRORS.emailNotVerifiedToViewInvitations,
} as const;

/**
 * The invitation, or 400 `Invitation not found` (also once settled or expired), 403 when it was
 * sent to another address, and 403 when the caller's address is not verified. Anyone can register
 * an unverified account under the invitee's address: only proof of the mailbox makes the
 * signed-in user the person who was invited, who alone may read, accept or turn it down.
 */
export async function requireOpenInvitationFor(
  auth: PluginHost,
  invitationId: string,
  current: CurrentSession,
  purpose: keyof typeof UNVERIFIED,
): Promise<Invitation> {
  const invitation = await findInvitation(auth, invitationId);
  if (!invitation || !isOpen(invitation, auth.now())) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
  if (invitation.email !== current.user.email.toLowerCase()) throw new AuthError(ORGANIZATION_ERRORS.notTheRecipient);
  if (!current.user.emailVerified) throw new AuthError(UNVERIFIED[purpose]);
  return invitation;
}
