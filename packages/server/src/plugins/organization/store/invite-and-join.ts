/**
 * @module Invitations' writes that take a seat: inviting (invite-member) and joining by an
 * invitation (accept-invitation), each behind the organization row's lock that add-member takes
 * too, so members and open invitations are counted one request at a time.
 */
import { AuthError, type PluginHost } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import {
  countOpenInvitations,
  extendInvitation,
  findOpenInvitation,
  insertInvitation,
  settleInvitation,
  type Invitation,
  type NewInvitation,
} from './invitations';
import { inLockedTransaction } from './locked-transaction';
import { insertMemberWithinLimit, type NewMember } from './member-rules';
import { countMemberRows, isMemberByEmail } from './members';
import { requireTeamOf } from './teams';

/**
 * accept-invitation's writes, all or none, behind the organization row's lock (the one add-member
 * takes), so parallel accepts count members one at a time. The status change is conditional on
 * `pending`, so of concurrent accepts of one invitation only the first gets past it. Answers the
 * team the member was seated in: the invitation's, unless that team has been removed since.
 */
export async function joinByInvitation(
  auth: PluginHost,
  invitation: Invitation,
  member: NewMember,
  membershipLimit: number,
): Promise<string | null> {
  return inLockedTransaction(auth, { table: 'organization', id: invitation.organizationId }, async (trx) => {
    if (!(await settleInvitation(trx, invitation.id, 'accepted')))
      throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
    return insertMemberWithinLimit(trx, member, invitation.teamId, membershipLimit);
  });
}

/**
 * invite-member's checks and write, in one transaction behind the organization row's lock that
 * add-member and accept-invitation take: no invitation table index stops two open invitations to
 * one address, so parallel invitations must queue for the check to see each other. In order: 400
 * `already a member`; an open invitation to the address answers 400 `already invited`, unless
 * `resend`, which extends that one; 400 `Team not found` for a team outside the organization; 403
 * `membership limit reached` once members and open invitations (which hold seats, else accepting
 * them all could overshoot) fill it; else a new invitation.
 */
export async function inviteWithinLimit(
  auth: PluginHost,
  fields: NewInvitation,
  { membershipLimit, resend }: { membershipLimit: number; resend: boolean },
): Promise<Invitation> {
  const now = auth.now();
  const { organizationId, email } = fields;
  return inLockedTransaction(auth, { table: 'organization', id: organizationId }, async (trx) => {
    if (await isMemberByEmail(trx, organizationId, email)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
    const open = await findOpenInvitation(trx, organizationId, email, now);
    if (open) {
      if (!resend) throw new AuthError(ORGANIZATION_ERRORS.alreadyInvited);
      return extendInvitation(trx, open, fields.expiresAt);
    }
    if (fields.teamId !== null) await requireTeamOf(trx, fields.teamId, organizationId);
    const seats =
      (await countMemberRows(trx, 'organizationId', organizationId)) +
      (await countOpenInvitations(trx, organizationId, now));
    if (seats >= membershipLimit) throw new AuthError(ORGANIZATION_ERRORS.membershipLimitReached);
    return insertInvitation(trx, fields, now);
  });
}
