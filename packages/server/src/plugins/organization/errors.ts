/**
 * @module The organization plugin's catalogue entries (SPEC §8, Organization), worded as
 * better-auth words them.
 */
import { defineErrors } from '../../plugin';

export const ORGANIZATION_ERRORS = defineErrors({
  notAllowedToCreateOrganization: [403, 'You are not allowed to create a new organization'],
  // Latchkey's own (list-user-organizations, a platform admin's view): not in better-auth.
  notAllowedToListUserOrganizations: [403, "You are not allowed to list this user's organizations"],
  notAllowedToUpdateOrganization: [403, 'You are not allowed to update this organization'],
  notAllowedToDeleteOrganization: [403, 'You are not allowed to delete this organization'],
  organizationLimitReached: [403, 'You have reached the maximum number of organizations'],
  teamLimitReached: [400, 'You have reached the maximum number of teams'],
  organizationAlreadyExists: [400, 'Organization already exists'],
  slugIsTaken: [400, 'slug is taken'],
  organizationNotFound: [400, 'Organization not found'],
  notAMember: [403, 'User is not a member of the organization'],
  noActiveOrganization: [400, 'No active organization'],
  alreadyAMember: [400, 'User is already a member of this organization'],
  memberNotFound: [400, 'Member not found'],
  roleNotFound: [400, 'Role not found'],
  teamAlreadyExists: [400, 'Team already exists'],
  teamNotFound: [400, 'Team not found'],
  cannotLeaveAsOnlyOwner: [400, 'You cannot leave the organization as the only owner'],
  // update-member-role demoting the only owner (better-auth's entry; leave and remove-member keep the one above).
  cannotLeaveWithoutOwner: [400, 'You cannot leave the organization without an owner'],
  notAllowedToDeleteMember: [403, 'You are not allowed to delete this member'],
  notAllowedToUpdateMember: [403, 'You are not allowed to update this member'],
  notAllowedToInvite: [403, 'You are not allowed to invite users to this organization'],
  notAllowedToInviteWithRole: [403, 'You are not allowed to invite a user with this role'],
  alreadyInvited: [400, 'User is already invited to this organization'],
  invitationNotFound: [400, 'Invitation not found'],
  notTheRecipient: [403, 'You are not the recipient of the invitation'],
  notAllowedToCancelInvitation: [403, 'You are not allowed to cancel this invitation'],
  inviterNoLongerMember: [400, 'Inviter is no longer a member of the organization'],
  unableToRemoveLastTeam: [400, 'Unable to remove last team'],
  membershipLimitReached: [403, 'Organization membership limit reached'],
  notAllowedToCreateTeams: [403, 'You are not allowed to create teams in this organization'],
  notAllowedToDeleteTeams: [403, 'You are not allowed to delete teams in this organization'],
  notAllowedToUpdateTeams: [403, 'You are not allowed to update this team'],
  // remove-team of the caller's own active team (better-auth's entry).
  notAllowedToDeleteTeam: [403, 'You are not allowed to delete this team'],
  emailNotVerifiedForInvitation: [403, 'Email verification required before accepting or rejecting invitation'],
  // get-invitation and list-user-invitations: better-auth's code, which is not derived from its message.
  emailNotVerifiedToViewInvitations: [
    403,
    'Email verification required to view or list invitations for the session email',
    'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
  ],
  // Teams (better-auth's wording): set-active-team and list-team-members need the caller in the team.
  notATeamMember: [403, 'User is not a member of the team'],
  // Teams: list-team-members without a teamId and without an active team.
  noActiveTeam: [400, 'You do not have an active team'],
  // Teams: add-team-member and remove-team-member refused for lack of permission.
  notAllowedToCreateTeamMember: [403, 'You are not allowed to create a new member'],
  notAllowedToRemoveTeamMember: [403, 'You are not allowed to remove a team member'],
});
